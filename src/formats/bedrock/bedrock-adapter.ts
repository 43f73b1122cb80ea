import { isObject } from '../../core/input-guards.js';
import { BASE_PROFILE } from '../../core/format.js';
import { BEDROCK_TOOL_USE_ID_PATTERN } from './bedrock-rules.js';
import { fromBedrock } from './from-bedrock.js';
import { toBedrock, type BedrockConversionResult } from './to-bedrock.js';
import { inspectBedrock } from './validate-bedrock.js';
import { BEDROCK_THINKING, repairAnthropicThinking } from '../anthropic/anthropic-thinking.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

/** The Amazon Bedrock Converse `messages`: reader, writer, validator, profile and wire facts. */
export const BEDROCK_ADAPTER: FormatAdapter<'bedrock', BedrockConversionResult> = {
  format: 'bedrock',
  profile: {
    ...BASE_PROFILE,
    name: 'Bedrock',
    uniqueCallIds: 'conversation',
    toolsWithToolHistory: true,
    callIds: {
      description: 'matching ^[a-zA-Z0-9_-]+$, at most 64 characters',
      accepts: (id) => BEDROCK_TOOL_USE_ID_PATTERN.test(id),
    },
  },
  inspect: inspectBedrock,
  read: fromBedrock,
  write: toBedrock,
  messagesKey: 'messages',
  wireShape: 'bedrock',
  signature: {
    // Only Converse blocks are keyed by their member, with no `type`: `{ toolUse: {…} }`,
    // `{ text: '…' }` (Chat Completions and Anthropic text parts carry `type: 'text'`).
    contentPart: (part) =>
      part.type === undefined &&
      (isObject(part.toolUse) || isObject(part.toolResult) || typeof part.text === 'string'),
  },
  systemField: 'system',
  layout: 'blocks',
  dropsEmptyText: true,
  mergesResultsIntoUser: true,
  repairWire: {
    after: (messages, context, inputIndexOf) =>
      repairAnthropicThinking(messages, context, inputIndexOf, BEDROCK_THINKING),
  },
};
