import { describe, expect, it } from 'vitest';
import { StreamAccumulationError } from '../../src/errors/tool-history-error.js';
import { readStreamEvents, type StreamSource } from '../../src/streaming/accumulate-sse.js';

type ReadStreamEventsOptions = Parameters<typeof readStreamEvents>[1];

async function collect(
  source: StreamSource,
  options?: ReadStreamEventsOptions,
): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of readStreamEvents(source, options)) events.push(event);
  return events;
}

function bytes(...parts: (string | number[])[]): Uint8Array[] {
  return parts.map((part) =>
    typeof part === 'string' ? new TextEncoder().encode(part) : Uint8Array.from(part),
  );
}

describe('readStreamEvents', () => {
  it('joins multi-line data, skips comments and other fields, and stops at [DONE]', async () => {
    const body =
      ': hello\nevent: x\nid: 1\ndata: {"a":\ndata: 1}\n\nretry: 10\ndata: [DONE]\n\ndata: {"after":true}\n\n';
    expect(await collect([body])).toEqual([{ a: 1 }]);
  });

  it('handles CRLF and CR line endings, even with CR and LF in different chunks', async () => {
    expect(
      await collect(['data: {"n":1}\r', '\n\r', '\ndata: {"n":2}\r\rdata: {"n":3}\r\n\r\n']),
    ).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('decodes a UTF-8 character split across chunks', async () => {
    // "é" is C3 A9; the chunk boundary falls between the two bytes.
    expect(
      await collect(bytes('data: {"word":"caf', [0xc3], [0xa9, 0x22, 0x7d, 0x0a, 0x0a])),
    ).toEqual([{ word: 'café' }]);
  });

  it('reads a fetch Response body and a ReadableStream', async () => {
    const response = new Response('data: {"ok":1}\n\n');
    expect(await collect(response)).toEqual([{ ok: 1 }]);
    expect(
      await collect(new Response('{"ok":2}\n{"ok":3}').body ?? [], { framing: 'json-lines' }),
    ).toEqual([{ ok: 2 }, { ok: 3 }]);
    expect(await collect({ body: null })).toEqual([]);
  });

  it('dispatches a last event that has no blank line after it', async () => {
    expect(await collect(['data: {"last":true}'])).toEqual([{ last: true }]);
  });

  it('reports a payload that is not JSON with its event number', async () => {
    await expect(collect(['data: {"a":1}\n\ndata: nope\n\n'])).rejects.toThrow(
      expect.objectContaining({
        detail: { code: 'invalid-input', eventIndex: 1, field: '' },
        message: expect.stringMatching(/^events\[1\] is not JSON: "nope"/) as unknown,
      }),
    );
  });

  it('caps the length of one event', async () => {
    const error: unknown = await collect(['data: {"a":"', 'x'.repeat(50), '"}\n\n'], {
      limits: { maxLineLength: 40 },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StreamAccumulationError);
    expect((error as StreamAccumulationError).detail).toEqual({
      code: 'stream-limit',
      limit: 'line-length',
      attempted: 62,
      maximum: 40,
    });
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(collect(['data: {}\n\n'], { signal: controller.signal })).rejects.toThrow(
      'stopped',
    );
  });
});
