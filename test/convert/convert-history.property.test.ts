import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { convertHistory } from '../../src/convert/convert-history.js';
import { arbitraryHistory, COMMON_FEATURES } from '../arbitraries/history.js';
import { readFormat, roundTrip, toolFacts } from '../helpers/round-trip.js';

const format = fc.constantFrom(...MESSAGE_FORMATS);

test.prop([arbitraryHistory(COMMON_FEATURES), format, format])(
  'converting between any two formats preserves every call and result (ids, names, arguments, content)',
  (history, from, to) => {
    const source = roundTrip(from, history).messages;
    const converted = convertHistory(source, { from, to });
    expect(toolFacts(readFormat(to, converted.messages))).toEqual(toolFacts(history));
  },
);

const ERROR_FLAG_FORMATS = ['anthropic', 'gemini', 'vercel'] as const;
const errorFlagFormat = fc.constantFrom(...ERROR_FLAG_FORMATS);

test.prop([arbitraryHistory(COMMON_FEATURES), errorFlagFormat, errorFlagFormat])(
  'formats with an error flag carry it to each other',
  (history, from, to) => {
    const flags = (
      messages: readonly { role: string; results?: readonly { isError: boolean }[] }[],
    ): boolean[] =>
      messages.flatMap((message) =>
        message.role === 'tool' ? (message.results ?? []).map((result) => result.isError) : [],
      );
    const converted = convertHistory(roundTrip(from, history).messages, { from, to });
    expect(flags(readFormat(to, converted.messages))).toEqual(flags(history));
  },
);
