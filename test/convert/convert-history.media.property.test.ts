import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { MESSAGE_FORMATS, type MessageFormat } from '../../src/core/format.js';
import { convertHistory } from '../../src/convert/convert-history.js';
import type { ConversionWarning, MediaPart, ToolHistory } from '../../src/core/history.js';
import { arbitraryHistory, COMMON_FEATURES } from '../arbitraries/history.js';
import { roundTrip } from '../helpers/round-trip.js';

/** Each media piece of the results: the call it belongs to and what identifies it. */
function mediaOf(history: ToolHistory): { callId: string; key: string }[] {
  return history.flatMap((message) =>
    message.role === 'tool'
      ? message.results.flatMap((result) =>
          (result.parts ?? [])
            .filter((part): part is MediaPart => part.type === 'image' || part.type === 'document')
            .map((part) => ({
              callId: result.callId,
              key: part.data ?? part.url ?? part.fileId ?? '',
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
// The formats whose writers carry result parts; a format joins when its writer does (all of
// MESSAGE_FORMATS once every writer handles `parts`).
const CARRIERS: readonly MessageFormat[] = ['gemini', 'aiwrapper'];
const format = fc.constantFrom(...MESSAGE_FORMATS.filter((name) => CARRIERS.includes(name)));

test.prop([media, format])(
  'every media piece of a result arrives in the format and back, or a warning names its result',
  (history, to) => {
    const { messages, history: back, warnings } = roundTrip(to, history);
    const written = JSON.stringify(messages);
    const read = JSON.stringify(back);
    for (const { callId, key } of mediaOf(history))
      if (!(written.includes(key) && read.includes(key)))
        expect(named(warnings, callId), `${to}: ${key} of "${callId}" was lost unnamed`).toBe(true);
  },
);

test.prop([media, format, format])(
  'converting between formats carries every media piece or names its result in a warning',
  (history, from, to) => {
    const first = roundTrip(from, history);
    const converted = convertHistory(first.messages, { from, to });
    const text = JSON.stringify(converted.messages);
    const warnings = [...first.warnings, ...converted.warnings];
    for (const { callId, key } of mediaOf(history))
      if (!text.includes(key))
        expect(
          named(warnings, callId),
          `${from} -> ${to}: ${key} of "${callId}" was lost unnamed`,
        ).toBe(true);
  },
);
