import type { ConversionResult } from '../../core/conversion-result.js';
import { fromOpenAIChat } from './from-openai-chat.js';
import { openAIErrorBodyFor } from './openai-chat-error.js';
import { OPENAI_CHAT_PROFILE } from './openai-chat-profile.js';
import type { OpenAIChatMessage } from './openai-chat-types.js';
import { toOpenAIChat } from './to-openai-chat.js';
import { inspectOpenAIChat } from './validate-openai-chat.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

/** The OpenAI Chat Completions `messages`: reader, writer, validator, profile and wire facts. */
export const OPENAI_CHAT_ADAPTER: FormatAdapter<
  'openai-chat',
  ConversionResult<OpenAIChatMessage[]>
> = {
  format: 'openai-chat',
  profile: OPENAI_CHAT_PROFILE,
  inspect: inspectOpenAIChat,
  read: (messages) => fromOpenAIChat(messages),
  write: (history) => toOpenAIChat(history),
  messagesKey: 'messages',
  wireShape: 'chat-completions',
  signature: {
    message: (message) =>
      Array.isArray(message.tool_calls) || typeof message.tool_call_id === 'string',
    contentPart: (part) => part.type === 'image_url' || part.type === 'input_audio',
  },
  systemField: undefined,
  layout: 'chat',
  dropsEmptyText: false,
  mergesResultsIntoUser: false,
  generatesIds: false,
  roleOptionalForUser: false,
  errorResponseFor: openAIErrorBodyFor,
};
