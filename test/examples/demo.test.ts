import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npm start (examples/demo.ts)', () => {
  it("shows aiwrapper alone refused in OpenAI's words, then the helpers and the auto flag accepted", () => {
    const env = { ...process.env };
    delete env.OPENAI_BASE_URL;
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'examples/demo.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(output).toContain('1. aiwrapper alone: the history sent');
    // The real result repeats the id chat() already answered with ToolNotFound: OpenAI names both.
    expect(output).toMatch(
      /✗ refused: 400 Invalid parameter: Duplicate value for 'tool_call_id' of 'call_\w+', in messages\[2\] and messages\[4\]\. \(param messages\.\[4\]\.tool_call_id\)/,
    );
    expect(output).toContain('✗ why: chat() had already answered both calls (ToolNotFound)');
    expect(output).toMatch(
      /\(the whole body: \{"error":\{"message":"Invalid parameter: Duplicate value for 'tool_call_id' of 'call_\w+', in messages\[2\] and messages\[4\]\.","type":"invalid_request_error","param":"messages\.\[4\]\.tool_call_id","code":null\}\}\)/,
    );
    // aiwrapper's own error text ("HTTP error! status: 400") says nothing; the demo does not print it.
    expect(output).not.toContain('HTTP error');
    expect(output).toContain('2. addToolCallsAndResults: accepted');
    expect(output).toMatch(/assistant {4}→ get_weather\(\{\}\) \[call_7Hq2\] \(synthesized\)/);
    expect(output).toContain('statuses 200.');

    // 4. The tool loop: live arguments, a Stop while a tool runs, a pause, a resume from JSON.
    expect(output).toMatch(/✎ write_report: \d+ argument deltas, 1104 characters in all/);
    expect(Number(/✎ write_report: (\d+) argument deltas/.exec(output)?.[1])).toBeGreaterThan(10);
    expect(output).toContain(
      '← deploy: cancelled {"error":true,"name":"ToolCancelled","message":"Tool \\"deploy\\" was cancelled after it started. It did not finish and may have had effects."}',
    );
    expect(output).toContain('  done: aborted');
    expect(output).toContain('paused: pay_invoice({"amount":120}) waits for approval');
    expect(output).toContain('← pay_invoice: ok {"paid":120}');
    expect(output).toContain('done: answer: "Invoice paid: 120."');
    expect(output).toContain('   statuses: 200, 200');
  });

  it("reads the provider's answer through withProviderErrors, not a hand-rolled HTTP wrapper", () => {
    const source = readFileSync(new URL('../../examples/demo.ts', import.meta.url), 'utf8');
    expect(source).toContain('setHttpRequestImpl(withProviderErrors());');
  });
});
