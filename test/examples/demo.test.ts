import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageParts } from '../view/view-page.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npm start (examples/demo.ts)', () => {
  it('says what each step did and what to notice, and shows what the README quotes', () => {
    const env = { ...process.env };
    delete env.OPENAI_BASE_URL;
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'examples/demo.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    // Every step header is followed by what to notice.
    const headers = output.split('\n').filter((line) => /^\d[ab]?\. /.test(line));
    expect(headers.map((line) => /^(\d[ab]?)\./.exec(line)?.[1])).toEqual([
      '1',
      '2',
      '3',
      '4a',
      '4b',
      '5',
    ]);
    for (const header of headers)
      expect(output.split('\n')[output.split('\n').indexOf(header) + 1]).toMatch(/^ {3}notice: /);

    // 1. aiwrapper alone: refused with the very sentence the README opens with.
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const quoted = /`400 (Invalid parameter: [^`]+)`/.exec(readme.replace(/\n/g, ' '))?.[1];
    expect(quoted).toContain("messages with role 'tool' must be a response");
    expect(output).toContain(`✗ refused: 400 ${quoted ?? ''} (param messages.[1].role)`);
    // aiwrapper's own error text ("HTTP error! status: 400") says nothing; the demo does not print it.
    expect(output).not.toContain('HTTP error');
    expect(output).toMatch(
      /2\. addToolCallsAndResults[^\n]*\n.*\n.*\n.*\n {5}assistant {4}→ get_weather\(\{"city":"Paris"\}\)/,
    );
    // 3. Step 1's conversation, reloaded without its call turn: the turn is synthesized, accepted.
    expect(output).toMatch(/3\. step 1's conversation, reloaded from its JSON, lost its call turn/);
    expect(output).toMatch(
      /assistant {4}→ get_weather\(\{\}\) \[call_\w+\] {2}→ get_weather\(\{\}\) \[call_\w+\] \(synthesized\)/,
    );
    expect(output).toContain('server statuses for step 3: 200\n');

    // 4a. The tool loop: live arguments, a Stop while a tool runs.
    expect(output).toMatch(/✎ write_report: \d+ argument deltas, 1104 characters in all/);
    expect(Number(/✎ write_report: (\d+) argument deltas/.exec(output)?.[1])).toBeGreaterThan(10);
    expect(output).toContain(
      '← deploy: cancelled {"error":true,"name":"ToolCancelled","message":"Tool \\"deploy\\" was cancelled after it started. It did not finish and may have had effects."}',
    );
    expect(output).toContain('   done: aborted');
    // 4b. A pause for approval, the JSON saved, the approval, the resume.
    expect(output).toContain('paused: pay_invoice({"amount":120}) waits for approval');
    expect(output).toMatch(/approved call_\w+; resuming from the JSON/);
    expect(output).toContain('← pay_invoice: ok {"paid":120}');
    expect(output).toContain('done: answer: "Invoice paid: 120."');
    expect(output).toContain(
      'server statuses for step 4b (the request that paused, the answer after the resume): 200, 200',
    );
    // 5. One page of every conversation: step 1's orphan results are its issues; the rest are clean.
    const file = /^ {3}view: (.+\.html)$/m.exec(output)?.[1] ?? '';
    expect(existsSync(file)).toBe(true);
    const { conversations } = pageParts(readFileSync(file, 'utf8'));
    rmSync(dirname(file), { recursive: true });
    expect(conversations.map((view) => view.title.slice(0, 2))).toEqual(['1.', '2.', '3.', '4.']);
    expect(conversations.map((view) => view.issues.map((issue) => issue.code))).toEqual([
      ['orphan-tool-result', 'orphan-tool-result'],
      [],
      [],
      [],
    ]);
    const approved = /approved (call_\w+)/.exec(output)?.[1] ?? 'none';
    expect(conversations[3]?.keys).toContain(approved);
    expect(conversations[3]?.messages.map((message) => message.role)).toContain('tool-results');
  });

  it("reads the provider's answer through withProviderErrors, not a hand-rolled HTTP wrapper", () => {
    const source = readFileSync(new URL('../../examples/demo.ts', import.meta.url), 'utf8');
    expect(source).toContain('setHttpRequestImpl(withProviderErrors());');
  });
});
