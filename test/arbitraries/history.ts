import { fc } from '@fast-check/vitest';
import type { MessageFormat } from '../../src/core/format.js';
import type {
  AssistantMessage,
  HistoryMessage,
  JsonValue,
  MediaPart,
  ResultPart,
  TextPart,
  ToolCallPart,
  ToolResult,
  UserMessage,
} from '../../src/core/history.js';
import { contentOfParts, contentPiece } from '../../src/core/history.js';

/** What a generated history may contain; each format's round trip uses the subset it can represent. */
export interface HistoryFeatures {
  /** Results with `isError: true`. */
  readonly errorResults: boolean;
  /** Calls whose argument text is not a JSON object (kept in `argumentsText`). */
  readonly malformedArguments: boolean;
  /** Result content other than a string. */
  readonly jsonContent: boolean;
  /** Text after a call inside an assistant message. */
  readonly textAfterCalls: boolean;
  /** System messages anywhere (otherwise at most one, first). */
  readonly systemAnywhere: boolean;
  /** Empty text parts. */
  readonly emptyText: boolean;
  /** Every call gets a result (otherwise any subset, in any order). */
  readonly answerAll: boolean;
  /** The first call of each assistant message carries a Gemini `thoughtSignature`. */
  readonly thoughtSignatures: boolean;
  /**
   * Results with images and documents (`parts`): `'leading'` the response then the media, as
   * Gemini lays them out; `'text-first'` text pieces then media (inline, by a URL without a media
   * type, or by file id);
   * `'any'` pieces in any order, JSON beside text, file ids only.
   */
  readonly mediaResults?: false | 'leading' | 'text-first' | 'any' | undefined;
  /** Custom calls (`kind: 'custom'`, free-form input in `argumentsText`): Chat and Responses. */
  readonly customCalls?: boolean;
}

/** Everything the neutral model can hold (the Vercel AI SDK holds it all). */
export const ALL_FEATURES: HistoryFeatures = {
  errorResults: true,
  malformedArguments: true,
  jsonContent: true,
  textAfterCalls: true,
  systemAnywhere: true,
  emptyText: true,
  answerAll: false,
  thoughtSignatures: false,
};

/** What each format represents without loss. */
export const FORMAT_FEATURES: Readonly<Record<MessageFormat, HistoryFeatures>> = {
  'openai-chat': {
    ...ALL_FEATURES,
    errorResults: false,
    jsonContent: false,
    textAfterCalls: false,
    customCalls: true,
  },
  mistral: { ...ALL_FEATURES, errorResults: false, jsonContent: false, textAfterCalls: false },
  // Responses pairs across the whole input, so an unanswered call would lend its name to a later result.
  'openai-responses': {
    ...ALL_FEATURES,
    errorResults: false,
    jsonContent: false,
    answerAll: true,
    customCalls: true,
    mediaResults: 'text-first',
  },
  anthropic: {
    ...ALL_FEATURES,
    malformedArguments: false,
    jsonContent: false,
    systemAnywhere: false,
    emptyText: false,
  },
  // Bedrock's `json` result blocks hold only objects: other JSON values travel as their text.
  bedrock: {
    ...ALL_FEATURES,
    malformedArguments: false,
    jsonContent: false,
    systemAnywhere: false,
    emptyText: false,
  },
  gemini: {
    ...ALL_FEATURES,
    malformedArguments: false,
    systemAnywhere: false,
    emptyText: false,
    thoughtSignatures: true,
    mediaResults: 'leading',
  },
  aiwrapper: {
    ...ALL_FEATURES,
    errorResults: false,
    malformedArguments: false,
    systemAnywhere: false,
  },
  vercel: ALL_FEATURES,
  // An error result is text (`errorText`); a result follows its call's step.
  'vercel-ui': { ...ALL_FEATURES, errorResults: false },
};

/** What every format can carry calls and results through (used for conversions between formats). */
export const COMMON_FEATURES: HistoryFeatures = {
  errorResults: true,
  malformedArguments: false,
  jsonContent: true,
  textAfterCalls: true,
  systemAnywhere: false,
  emptyText: false,
  answerAll: true,
  thoughtSignatures: false,
};

// Ids repeat across turns on purpose (Kimi `exec_0`, Gemini adapters' `function_call_0`).
const callId = fc.oneof(
  fc.constantFrom('exec_0', 'call_1', 'function_call_0'),
  fc.stringMatching(/^call_[a-zA-Z0-9]{1,8}$/),
);
const toolName = fc.constantFrom('get_weather', 'search', 'now');
const leaf: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -50, max: 50 }),
  fc.boolean(),
  fc.constant(null),
);
const jsonValue: fc.Arbitrary<JsonValue> = fc.oneof(
  leaf,
  fc.array(leaf, { maxLength: 3 }),
  // `output` and `error` keys exercise Gemini's response wrapping.
  fc.dictionary(fc.constantFrom('temp', 'city', 'output', 'error'), leaf, { maxKeys: 3 }),
);
const args = fc.dictionary(
  fc.constantFrom('city', 'q', 'n', 'unit'),
  fc.oneof(leaf, fc.array(leaf, { maxLength: 2 })),
  { maxKeys: 3 },
);
const malformed = fc.constantFrom('{"city": "Par', '', 'not json', '[1,2]', '{"a":1}}', '"text"');

function text(features: HistoryFeatures): fc.Arbitrary<TextPart> {
  return fc
    .string({ minLength: features.emptyText ? 0 : 1, maxLength: 12 })
    .map((value): TextPart => ({ type: 'text', text: value }));
}

// Free-form input of custom calls: JSON-looking text among it must survive as text.
const customInput = fc.oneof(malformed, fc.string({ maxLength: 12 }), fc.constant('{"a": 1}'));

function call(features: HistoryFeatures, id: string): fc.Arbitrary<ToolCallPart> {
  if (features.customCalls === true) {
    const custom = fc
      .record({ name: toolName, input: customInput })
      .map(({ name, input }): ToolCallPart => ({
        type: 'tool-call',
        kind: 'custom',
        callId: id,
        name,
        arguments: {},
        argumentsText: input,
      }));
    return fc.oneof({ arbitrary: functionCall(features, id), weight: 3 }, custom);
  }
  return functionCall(features, id);
}

function functionCall(features: HistoryFeatures, id: string): fc.Arbitrary<ToolCallPart> {
  const argumentsArbitrary = features.malformedArguments
    ? fc.option(malformed, { nil: undefined, freq: 4 })
    : fc.constant(undefined);
  return fc
    .record({ name: toolName, args, argumentsText: argumentsArbitrary })
    .map(({ name, args: value, argumentsText }): ToolCallPart =>
      argumentsText === undefined
        ? { type: 'tool-call', callId: id, name, arguments: value }
        : { type: 'tool-call', callId: id, name, arguments: {}, argumentsText },
    );
}

function assistantTurn(
  features: HistoryFeatures,
): fc.Arbitrary<{ message: AssistantMessage; calls: ToolCallPart[] }> {
  return fc
    .uniqueArray(callId, { minLength: 0, maxLength: 3 })
    .chain((ids) =>
      fc.tuple(
        fc.tuple(...ids.map((id) => call(features, id))),
        fc.array(text(features), { minLength: ids.length === 0 ? 1 : 0, maxLength: 2 }),
        fc.nat(),
      ),
    )
    .map(([calls, texts, seed]) => {
      let parts: (TextPart | ToolCallPart)[] = [...texts, ...calls];
      if (features.textAfterCalls && texts.length > 0 && calls.length > 0) {
        // Move some text behind the calls.
        const cut = seed % (texts.length + 1);
        parts = [...texts.slice(0, cut), ...calls, ...texts.slice(cut)];
      }
      if (features.thoughtSignatures) {
        let signed = false;
        parts = parts.map((part) => {
          if (part.type !== 'tool-call' || signed) return part;
          signed = true;
          return {
            ...part,
            providerData: { gemini: { thoughtSignature: `c2ln${String(seed % 997)}` } },
          };
        });
      }
      return { message: { role: 'assistant' as const, parts }, calls };
    });
}

function results(
  features: HistoryFeatures,
  calls: readonly ToolCallPart[],
): fc.Arbitrary<ToolResult[]> {
  const content = features.jsonContent
    ? fc.oneof(fc.string({ maxLength: 10 }), jsonValue)
    : fc.string({ maxLength: 10 });
  const isError = features.errorResults ? fc.boolean() : fc.constant(false);
  const media = features.mediaResults ?? false;
  const pieces =
    media === false
      ? fc.constant(undefined)
      : fc.option(resultPieces(media), { nil: undefined, freq: 2 });
  return fc
    .shuffledSubarray([...calls], { minLength: features.answerAll ? calls.length : 0 })
    .chain((answered) =>
      fc.tuple(
        ...answered.map((answeredCall) =>
          fc
            .record({ content, isError, pieces })
            .map(({ content: value, isError: error, pieces: found }): ToolResult => {
              const result = {
                callId: answeredCall.callId,
                name: answeredCall.name,
                ...(answeredCall.kind === 'custom' && { kind: 'custom' as const }),
                isError: error,
              };
              if (found === undefined) return { ...result, content: value };
              return media === 'leading'
                ? { ...result, content: value, parts: [contentPiece(value), ...found] }
                : { ...result, content: contentOfParts(found), parts: found };
            }),
        ),
      ),
    );
}

const base64 = fc.stringMatching(/^[A-Za-z0-9+/]{4,12}$/).map((bytes) => `iVBOR${bytes}`);
const mediaLeading: fc.Arbitrary<MediaPart> = fc.oneof(
  fc.record({
    type: fc.constant('image' as const),
    mediaType: fc.constantFrom('image/png', 'image/jpeg'),
    data: base64,
  }),
  fc.record({
    type: fc.constant('document' as const),
    mediaType: fc.constant('application/pdf'),
    data: base64,
  }),
  fc.record(
    {
      type: fc.constant('image' as const),
      mediaType: fc.constant('image/png'),
      url: base64.map((name) => `https://example.com/${name}.png`),
      filename: fc.constantFrom('chart.png', 'shot.png'),
    },
    { requiredKeys: ['type', 'mediaType', 'url'] },
  ),
);
// What `'leading'` leaves out: a URL without a media type, a provider's file id only.
const mediaAny: fc.Arbitrary<MediaPart> = fc.oneof(
  mediaLeading,
  base64.map((name): MediaPart => ({ type: 'image', url: `https://example.com/${name}.png` })),
  base64.map((name): MediaPart => ({ type: 'image', fileId: `file-${name}` })),
  base64.map((name): MediaPart => ({ type: 'document', url: `https://example.com/${name}.pdf` })),
  base64.map((name): MediaPart => ({
    type: 'document',
    fileId: `file-${name}`,
    filename: 'report.pdf',
  })),
);

// What a format that sends media as URLs holds (Responses): no media type beside a plain URL, no
// file name on an image.
const mediaUrlOnly: fc.Arbitrary<MediaPart> = mediaAny.map(
  ({ type, mediaType, data, url, fileId, filename }): MediaPart => ({
    type,
    ...(data !== undefined && { mediaType, data }),
    ...(url !== undefined && { url }),
    ...(fileId !== undefined && { fileId }),
    ...(type === 'document' && filename !== undefined && { filename }),
  }),
);

/**
 * The pieces of a result with media: at least one media piece; with `'text-first'`, text pieces
 * before them; with `'any'`, text and JSON anywhere.
 */
function resultPieces(media: 'leading' | 'text-first' | 'any'): fc.Arbitrary<ResultPart[]> {
  if (media === 'leading') return fc.array(mediaLeading, { minLength: 1, maxLength: 2 });
  if (media === 'text-first')
    return fc
      .tuple(
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 2 }),
        fc.array(mediaUrlOnly, { minLength: 1, maxLength: 2 }),
      )
      .map(([texts, found]): ResultPart[] => [
        ...texts.map((text): TextPart => ({ type: 'text', text })),
        ...found,
      ]);
  const piece = fc.oneof(
    mediaAny,
    fc.string({ maxLength: 8 }).map((text): ResultPart => ({ type: 'text', text })),
    jsonValue.map((value): ResultPart => ({ type: 'json', value })),
  );
  return fc
    .tuple(mediaAny, fc.array(piece, { maxLength: 3 }), fc.nat())
    .map(([first, rest, at]) => [
      ...rest.slice(0, at % (rest.length + 1)),
      first,
      ...rest.slice(at % (rest.length + 1)),
    ]);
}

function round(features: HistoryFeatures): fc.Arbitrary<HistoryMessage[]> {
  const user = fc
    .array(text(features), { minLength: 1, maxLength: 2 })
    .map((parts): UserMessage => ({ role: 'user', parts }));
  return fc
    .tuple(
      fc.option(user, { nil: undefined, freq: 4 }),
      assistantTurn(features),
      features.systemAnywhere
        ? fc.option(fc.string({ maxLength: 8 }), { nil: undefined, freq: 5 })
        : fc.constant(undefined),
    )
    .chain(([userMessage, turn, system]) =>
      results(features, turn.calls).map((answered): HistoryMessage[] => [
        ...(system === undefined ? [] : [{ role: 'system' as const, text: system }]),
        ...(userMessage === undefined ? [] : [userMessage]),
        turn.message,
        ...(answered.length === 0 ? [] : [{ role: 'tool' as const, results: answered }]),
      ]),
    );
}

/**
 * Neutral histories with several rounds: parallel calls, ids reused across turns, text beside
 * calls, results in any order, and (as `features` allow) malformed argument text, error results,
 * JSON results and system messages. Always canonical: no two `tool` or two `assistant` messages
 * in a row, as every `from*` converter produces.
 */
export function arbitraryHistory(
  features: HistoryFeatures = ALL_FEATURES,
): fc.Arbitrary<HistoryMessage[]> {
  return fc
    .tuple(
      fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
      fc.array(round(features), { minLength: 1, maxLength: 4 }),
    )
    .map(([system, rounds]) => {
      const history: HistoryMessage[] =
        system === undefined ? [] : [{ role: 'system', text: system }];
      for (const messages of rounds) {
        for (const message of messages) {
          // Keep the history canonical: a round without a user message may follow an assistant turn.
          const last = history.at(-1);
          if (message.role === 'assistant' && last?.role === 'assistant')
            history.push({ role: 'user', parts: [{ type: 'text', text: 'next' }] });
          if (message.role === 'system' && !features.systemAnywhere) continue;
          history.push(message);
        }
      }
      return history;
    });
}
