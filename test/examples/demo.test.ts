import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npm start (examples/demo.ts)', () => {
  it("shows the naive loop's exact 400, then the helpers and the auto flag accepted", () => {
    const env = { ...process.env };
    delete env.OPENAI_BASE_URL;
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'examples/demo.ts'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(output).toContain(
      `the endpoint answered: 400 {"error":{"message":"Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.","type":"invalid_request_error","param":"messages.[4].role","code":null}}`,
    );
    expect(output).toContain('2. addToolCallsAndResults: accepted');
    expect(output).toMatch(/assistant {3}→ get_weather\(\{\}\) \[call_7Hq2\] \(synthesized\)/);
    expect(output).toContain('statuses 200.');
  });
});
