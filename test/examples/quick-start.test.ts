import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/quick-start.ts', () => {
  it("is refused in OpenAI's words, then works three ways", () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'examples/quick-start.ts'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(output.trimEnd().split('\n')).toEqual([
      '1. refused: {"error":{"message":"Invalid parameter: messages with role \'tool\' must be a response to a preceeding message with \'tool_calls\'.","type":"invalid_request_error","param":"messages.[1].role","code":null}}',
      '2. addToolCallsAndResults: Sunny in Paris. | tools sent: 1',
      '3. autoAssistantToolCalls: Sunny in Paris.',
      '4. get_weather {"sky":"sunny"}',
      '4. runToolLoop: Sunny in Paris.',
      'statuses: 400, 200, 200, 200, 200, 200',
    ]);
  });
});

describe('examples/', () => {
  it('has a test for every example', () => {
    const examples = readdirSync(`${root}/examples`).filter((name) => name.endsWith('.ts'));
    const tests = new Set(readdirSync(`${root}/test/examples`));
    expect(examples.filter((name) => !tests.has(name.replace(/\.ts$/, '.test.ts')))).toEqual([]);
    expect(examples.length).toBeGreaterThanOrEqual(2);
  });
});
