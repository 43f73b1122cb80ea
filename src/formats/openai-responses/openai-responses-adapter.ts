import type { ConversionResult } from '../../core/conversion-result.js';
import { fromOpenAIResponses } from './from-openai-responses.js';
import { openAIResponsesErrorBodyFor } from './openai-responses-error.js';
import { OPENAI_RESPONSES_PROFILE } from './openai-responses-profile.js';
import type { OpenAIResponsesInputItem } from './openai-responses-types.js';
import { toOpenAIResponses } from './to-openai-responses.js';
import { inspectOpenAIResponses } from './validate-openai-responses.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

/** The OpenAI Responses `input` items: reader, writer, validator, profile and wire facts. */
export const OPENAI_RESPONSES_ADAPTER: FormatAdapter<
  'openai-responses',
  ConversionResult<OpenAIResponsesInputItem[]>
> = {
  format: 'openai-responses',
  profile: OPENAI_RESPONSES_PROFILE,
  inspect: inspectOpenAIResponses,
  read: (messages) => fromOpenAIResponses(messages),
  write: (history) => toOpenAIResponses(history),
  messagesKey: 'input',
  systemField: undefined,
  layout: 'items',
  dropsEmptyText: false,
  mergesResultsIntoUser: false,
  generatesIds: false,
  roleOptionalForUser: false,
  errorResponseFor: openAIResponsesErrorBodyFor,
};
