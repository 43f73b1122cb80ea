import { isObject } from '../../core/input-guards.js';
import { BASE_PROFILE } from '../../core/format.js';
import { ANTHROPIC_TOOL_USE_ID_PATTERN } from './anthropic-rules.js';
import { fromAnthropic } from './from-anthropic.js';
import { toAnthropic, type AnthropicConversionResult } from './to-anthropic.js';
import { inspectAnthropic } from './validate-anthropic.js';
import { repairAnthropicThinking } from './anthropic-thinking.js';
import { repairAnthropicServerTools } from './anthropic-server-tools.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

// Block types only the Messages API has.
const ANTHROPIC_BLOCK_TYPES = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'document',
]);

/** The Anthropic Messages `messages`: reader, writer, validator, profile and wire facts. */
export const ANTHROPIC_ADAPTER: FormatAdapter<'anthropic', AnthropicConversionResult> = {
  format: 'anthropic',
  profile: {
    ...BASE_PROFILE,
    name: 'Anthropic',
    uniqueCallIds: 'conversation',
    textBeforeCalls: true,
    toolsWithToolHistory: true,
    callIds: {
      description: 'matching ^[a-zA-Z0-9_-]+$',
      accepts: (id) => ANTHROPIC_TOOL_USE_ID_PATTERN.test(id),
    },
  },
  inspect: inspectAnthropic,
  read: fromAnthropic,
  write: toAnthropic,
  messagesKey: 'messages',
  wireShape: 'anthropic',
  signature: {
    // An image with a `source` object is Anthropic's; Vercel's has `image` instead.
    contentPart: (part) =>
      typeof part.type === 'string' &&
      (ANTHROPIC_BLOCK_TYPES.has(part.type) || (part.type === 'image' && isObject(part.source))),
  },
  systemField: 'system',
  layout: 'blocks',
  dropsEmptyText: true,
  mergesResultsIntoUser: true,
  mergesConsecutiveTurns: true,
  repairWire: { before: repairAnthropicServerTools, after: repairAnthropicThinking },
};
