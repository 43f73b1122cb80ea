import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { convertHistory } from '../../src/convert/convert-history.js';
import type { ConversionWarningCode, HistoryMessage } from '../../src/core/history.js';
import { adapterFor, type WriteFormatOptions } from '../../src/formats/index.js';
import { ALL_FEATURES, arbitraryHistory, COMMON_FEATURES } from '../arbitraries/history.js';
import { readFormat, roundTrip, toolFacts, type ToolFacts } from '../helpers/round-trip.js';

const format = fc.constantFrom(...MESSAGE_FORMATS);

test.prop([arbitraryHistory(COMMON_FEATURES), format, format])(
  'converting between any two formats preserves every call and result (ids, names, arguments, content)',
  (history, from, to) => {
    const source = roundTrip(from, history).messages;
    const converted = convertHistory(source, { from, to });
    // What `source` holds; UI messages hold results in call order (warning `reordered-parts`).
    const anyOrder = ({ calls, results }: ToolFacts): ToolFacts => ({
      calls,
      results: [...results].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    });
    const facts = toolFacts(readFormat(to, converted.messages));
    const expected = toolFacts(readFormat(from, source));
    if (to === 'vercel-ui') expect(anyOrder(facts)).toEqual(anyOrder(expected));
    else expect(facts).toEqual(expected);
  },
);

const ERROR_FLAG_FORMATS = ['anthropic', 'gemini', 'vercel', 'bedrock', 'aiwrapper'] as const;
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

const warningCodes = fc.subarray([
  'dropped-result-name',
  'dropped-error-flag',
  'moved-system-message',
  'generated-call-id',
  'synthesized-thought-signature',
] as const);

test.prop([arbitraryHistory(ALL_FEATURES), format, warningCodes])(
  'a writer told to omit warning codes drops exactly those warnings and writes the same messages',
  (history, to, codes) => {
    const omitted = new Set<ConversionWarningCode>(codes);
    const whole = adapterFor(to).write(history);
    const lean = adapterFor(to).write(history, { omitWarnings: omitted });
    expect(lean.messages).toEqual(whole.messages);
    expect(lean.warnings).toEqual(whole.warnings.filter((warning) => !omitted.has(warning.code)));
  },
);

test('the writers that cannot hold a result name or error flag warn of it, unless told not to', () => {
  const history: HistoryMessage[] = [
    { role: 'system', text: 'be brief' },
    { role: 'user', parts: [{ type: 'text', text: 'q' }] },
    { role: 'assistant', parts: [{ type: 'tool-call', callId: 'c1', name: 'f', arguments: {} }] },
    { role: 'tool', results: [{ callId: 'c1', name: 'g', content: 'x', isError: true }] },
  ];
  const codes = (options: WriteFormatOptions = {}): string[] =>
    adapterFor('openai-chat')
      .write(history, options)
      .warnings.map((warning) => warning.code);
  expect(codes()).toEqual(['dropped-result-name', 'dropped-error-flag']);
  expect(codes({ omitWarnings: new Set(['dropped-error-flag']) })).toEqual(['dropped-result-name']);
});
