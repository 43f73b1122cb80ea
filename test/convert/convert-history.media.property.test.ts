import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { convertHistory } from '../../src/convert/convert-history.js';
import type { ConversionWarning, MediaPart, ToolHistory } from '../../src/core/history.js';
import { arbitraryHistory, COMMON_FEATURES } from '../arbitraries/history.js';
import { roundTrip } from '../helpers/round-trip.js';

/** Each media piece of the results: the call it belongs to and each of its fields' values. */
function mediaOf(
  history: ToolHistory,
): { callId: string; keys: string[]; mediaType: string | undefined }[] {
  return history.flatMap((message) =>
    message.role === 'tool'
      ? message.results.flatMap((result) =>
          (result.parts ?? [])
            .filter((part): part is MediaPart => part.type === 'image' || part.type === 'document')
            .map((part) => ({
              callId: result.callId,
              keys: [part.data, part.url, part.fileId, part.filename, part.mediaType].filter(
                (value): value is string => value !== undefined,
              ),
              mediaType: part.mediaType,
            })),
        )
      : [],
  );
}

function named(warnings: readonly ConversionWarning[], callId: string): boolean {
  return warnings.some(
    (warning) => warning.code === 'dropped-content' && warning.callId === callId,
  );
}

const media = arbitraryHistory({ ...COMMON_FEATURES, mediaResults: 'any' });
const format = fc.constantFrom(...MESSAGE_FORMATS);

test.prop([media, format])(
  'every media piece of a result arrives in the format and back, or a warning names its result',
  (history, to) => {
    const { messages, history: back, warnings } = roundTrip(to, history);
    const written = JSON.stringify(messages);
    const read = JSON.stringify(back);
    for (const { callId, keys, mediaType } of mediaOf(history))
      for (const key of keys)
        // A media type may be written in the format's own terms (Bedrock's `format: 'png'`).
        if (!((written.includes(key) || key === mediaType) && read.includes(key)))
          expect(named(warnings, callId), `${to}: ${key} of "${callId}" was lost unnamed`).toBe(
            true,
          );
  },
);

// Chat moves a result's media into a user message after the results; other formats receive that
// message's parts as Chat user content, warned per part (not per call): the test above covers Chat.
const neutralSource = fc.constantFrom(
  ...MESSAGE_FORMATS.filter((name) => name !== 'openai-chat' && name !== 'mistral'),
);

test.prop([media, neutralSource, format])(
  'converting between formats carries every media piece or names its result in a warning',
  (history, from, to) => {
    const first = roundTrip(from, history);
    const converted = convertHistory(first.messages, { from, to });
    const text = JSON.stringify(converted.messages);
    const warnings = [...first.warnings, ...converted.warnings];
    for (const { callId, keys, mediaType } of mediaOf(history))
      for (const key of keys)
        if (!text.includes(key) && key !== mediaType)
          expect(
            named(warnings, callId),
            `${from} -> ${to}: ${key} of "${callId}" was lost unnamed`,
          ).toBe(true);
  },
);
