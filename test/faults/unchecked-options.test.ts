import { describe, expect, it } from 'vitest';
import { ToolHistoryError, UnsupportedFormatError } from '../../src/errors/tool-history-error.js';
import { accumulateSSE } from '../../src/streaming/accumulate-sse.js';
import { createToolCallAccumulator } from '../../src/streaming/tool-call-accumulator.js';
import { trimHistory } from '../../src/trim/trim-history.js';

const history = [
  { role: 'user', content: 'one' },
  { role: 'assistant', content: 'two' },
  { role: 'user', content: 'three' },
];

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

async function rejectionOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('options are checked where they are passed', () => {
  it.each([
    ['maxArgumentBytes', Number.NaN],
    ['maxTotalBytes', -1],
    ['maxCalls', 1.5],
  ])('createToolCallAccumulator refuses limits.%s = %s', (name, value) => {
    const error = thrownBy(() =>
      createToolCallAccumulator({ format: 'openai-chat', limits: { [name]: value } }),
    );
    expect(error).toBeInstanceOf(ToolHistoryError);
    expect((error as ToolHistoryError).code).toBe('invalid-input');
    expect((error as Error).message).toMatch(
      new RegExp(`^createToolCallAccumulator options\\.limits\\.${name}: `),
    );
  });

  it('createToolCallAccumulator without options says what to pass', () => {
    const error = thrownBy(() => (createToolCallAccumulator as (options?: unknown) => unknown)());
    expect(error).toBeInstanceOf(ToolHistoryError);
    expect((error as Error).message).toMatch(
      /^createToolCallAccumulator options: .*Pass \{ format/,
    );
  });

  it('a format that is not a string is typed; an unknown name stays UnsupportedFormatError', () => {
    expect(thrownBy(() => createToolCallAccumulator({ format: 42 as never }))).toBeInstanceOf(
      ToolHistoryError,
    );
    expect(thrownBy(() => createToolCallAccumulator({ format: 'nope' as never }))).toBeInstanceOf(
      UnsupportedFormatError,
    );
  });

  it('accumulateSSE(null) and a bad framing reject with typed errors', async () => {
    const source = await rejectionOf(() => accumulateSSE(null as never, { format: 'openai-chat' }));
    expect(source).toBeInstanceOf(ToolHistoryError);
    expect((source as Error).message).toBe(
      'accumulateSSE source must be a fetch Response, a ReadableStream or an (async) iterable of chunks, but is null.',
    );
    const framing = await rejectionOf(() =>
      accumulateSSE([], { format: 'openai-chat', framing: 'lines' as never }),
    );
    expect((framing as Error).message).toMatch(/^accumulateSSE options\.framing: /);
  });

  it('accumulateSSE refuses a NaN line cap', async () => {
    const error = await rejectionOf(() =>
      accumulateSSE([], { format: 'openai-chat', limits: { maxLineLength: Number.NaN } }),
    );
    expect((error as Error).message).toMatch(/^accumulateSSE options\.limits\.maxLineLength: /);
  });

  it.each([Number.NaN, -1])('trimHistory refuses maxTokens = %s', (maxTokens) => {
    const error = thrownBy(() => trimHistory(history, { maxTokens }));
    expect(error).toBeInstanceOf(ToolHistoryError);
    expect((error as Error).message).toMatch(/^trimHistory options\.maxTokens: /);
  });

  it('trimHistory refuses a counter that returns NaN, naming the message', () => {
    const error = thrownBy(() =>
      trimHistory(history, { maxTokens: 10, countTokens: () => Number.NaN }),
    );
    expect(error).toEqual(
      new ToolHistoryError(
        'invalid-input',
        'countTokens returned NaN for messages[2]; it must return a finite number of tokens, 0 or more.',
      ),
    );
  });
});
