import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../src/cli/read-input.js';
import { encodeSource, restoreEscapedBytes } from '../../src/cli/source-text.js';
import { ToolHistoryError } from '../../src/errors/tool-history-error.js';

/** The text readLines reads from `bytes` cut at `cuts`, line breaks included. */
async function decodeInChunks(bytes: Uint8Array, cuts: readonly number[]): Promise<string> {
  const chunks = async function* (): AsyncGenerator<Uint8Array> {
    let start = 0;
    for (const cut of [...cuts].map((at) => at % (bytes.length + 1)).sort((a, b) => a - b)) {
      yield await Promise.resolve(bytes.subarray(start, Math.max(start, cut)));
      start = Math.max(start, cut);
    }
    yield bytes.subarray(start);
  };
  let text = '';
  for await (const line of readLines(chunks())) text += line.text + line.ending;
  return text;
}

/** Bytes mixing UTF-8 text with bytes from 0x80 up, which may or may not form characters. */
const mixedBytes = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 3 }).map((text) => Buffer.from(text)),
      fc.uint8Array({ min: 0x80, max: 0xff, maxLength: 4 }).map((bytes) => Buffer.from(bytes)),
    ),
    { maxLength: 8 },
  )
  .map((pieces) => Buffer.concat(pieces));

describe('readLines decoding', () => {
  test.prop([mixedBytes, fc.array(fc.nat(), { maxLength: 6 })])(
    'gives back every byte once encoded, however the bytes are chunked',
    async (bytes, cuts) => {
      const text = await decodeInChunks(bytes, cuts);
      expect({ bytes: encodeSource(text), text }).toEqual({
        bytes,
        text: await decodeInChunks(bytes, []),
      });
    },
  );

  test.prop([fc.string({ unit: 'grapheme' }), fc.array(fc.nat(), { maxLength: 6 })])(
    'reads UTF-8 as TextDecoder does',
    async (text, cuts) => {
      expect(await decodeInChunks(Buffer.from(text), cuts)).toBe(text);
    },
  );

  it('reads each byte that is not UTF-8 as U+DC00 plus the byte', async () => {
    // A stray continuation byte, an overlong "/", an encoded surrogate, a cut 3-byte character.
    const bytes = Buffer.from([0x61, 0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xe2, 0x82]);
    expect(await decodeInChunks(bytes, [])).toBe(
      'a\udc80\udcc0\udcaf\udced\udca0\udc80\udce2\udc82',
    );
  });
});

describe('restoreEscapedBytes', () => {
  it('turns the \\udcXX escapes JSON.stringify wrote back into the bytes they stand for', () => {
    const source = '["a\udcff"]';
    expect(restoreEscapedBytes(JSON.stringify(['a\udcff', '\\udcff']), source, 'f')).toBe(
      '["a\udcff","\\\\udcff"]',
    );
  });

  it('refuses when the source spells the character both as a byte and as an escape', () => {
    const source = '["a\udcff", "\\udcff"]';
    expect(() => restoreEscapedBytes(JSON.stringify(['\udcff']), source, 'f')).toThrow(
      new ToolHistoryError(
        'invalid-input',
        'f: a repaired message holds a character that the input spells both as a byte that is not UTF-8 and as a \\uDCxx escape, which cannot be told apart; nothing was written',
      ),
    );
  });
});
