import { fc } from '@fast-check/vitest';
import type { MessageFormat } from '../../src/core/format.js';
import type { ToolHistory } from '../../src/core/history.js';
import { toAiwrapper } from '../../src/formats/aiwrapper/to-aiwrapper.js';
import { toAnthropic } from '../../src/formats/anthropic/to-anthropic.js';
import { toBedrock } from '../../src/formats/bedrock/to-bedrock.js';
import { toGemini } from '../../src/formats/gemini/to-gemini.js';
import { toMistral, toOpenAIChat } from '../../src/formats/openai-chat/to-openai-chat.js';
import { toOpenAIResponses } from '../../src/formats/openai-responses/to-openai-responses.js';
import { toVercel } from '../../src/formats/vercel/to-vercel.js';
import { toVercelUi } from '../../src/formats/vercel-ui/to-vercel-ui.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../arbitraries/history.js';

/** The formats trim and pairs are property-tested in: all of them. */
export const TESTED_FORMATS: readonly MessageFormat[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'mistral',
  'bedrock',
  'vercel',
  'aiwrapper',
];

/** `history` written in `format` (the system prompt, where the format holds it apart, left out). */
export function writeIn(format: MessageFormat, history: ToolHistory): unknown[] {
  switch (format) {
    case 'openai-chat':
      return toOpenAIChat(history).messages;
    case 'openai-responses':
      return toOpenAIResponses(history).messages;
    case 'anthropic':
      return toAnthropic(history).messages;
    case 'gemini':
      return toGemini(history).messages;
    case 'mistral':
      return toMistral(history).messages;
    case 'bedrock':
      return toBedrock(history).messages;
    case 'vercel':
      return toVercel(history).messages;
    case 'aiwrapper':
      return toAiwrapper(history).messages;
    case 'vercel-ui':
      return toVercelUi(history).messages;
  }
}

/** A history in one of the tested formats, with every call answered and the format's rules met. */
export const arbitraryValidFormatHistory: fc.Arbitrary<{
  format: MessageFormat;
  messages: unknown[];
}> = fc
  .constantFrom(...TESTED_FORMATS)
  .chain((format) =>
    arbitraryHistory({ ...FORMAT_FEATURES[format], answerAll: true }).map((history) => ({
      format,
      messages: writeIn(format, history),
    })),
  )
  .filter(({ format, messages }) => validateHistory(messages, { format }).ok);

/** A history in one of the tested formats, valid or not (calls left unanswered, results missing). */
export const arbitraryFormatHistory: fc.Arbitrary<{ format: MessageFormat; messages: unknown[] }> =
  fc.constantFrom(...TESTED_FORMATS).chain((format) =>
    arbitraryHistory(FORMAT_FEATURES[format]).map((history) => ({
      format,
      messages: writeIn(format, history),
    })),
  );

/**
 * A longer history in one of the tested formats: several arbitrary histories one after another
 * (up to about a hundred messages), valid or not, so that trimming reads it in several windows.
 */
export const arbitraryLongFormatHistory: fc.Arbitrary<{
  format: MessageFormat;
  messages: unknown[];
}> = fc.tuple(fc.constantFrom(...TESTED_FORMATS), fc.boolean()).chain(([format, answerAll]) =>
  fc
    .array(arbitraryHistory({ ...FORMAT_FEATURES[format], answerAll }), {
      minLength: 1,
      maxLength: 10,
    })
    .map((histories) => ({ format, messages: writeIn(format, histories.flat()) })),
);
