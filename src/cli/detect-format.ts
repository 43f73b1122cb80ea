import type { MessageFormat } from '../core/format.js';
import type { MessageKey } from './read-conversations.js';

/** The format {@link detectFormat} settled on, and whether the messages proved it. */
export interface DetectedFormat {
  readonly format: MessageFormat;
  /** False when nothing in the messages tells the formats apart (plain text turns). */
  readonly certain: boolean;
}

const RESPONSES_ITEM_TYPES = new Set([
  'message',
  'function_call',
  'function_call_output',
  'reasoning',
  'item_reference',
  'file_search_call',
  'web_search_call',
  'computer_call',
  'computer_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
]);
const RESPONSES_PART_TYPES = new Set([
  'input_text',
  'output_text',
  'input_image',
  'input_file',
  'refusal',
]);
const ANTHROPIC_BLOCK_TYPES = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'document',
]);
const VERCEL_PART_TYPES = new Set([
  'tool-call',
  'tool-result',
  'tool-approval-request',
  'tool-approval-response',
  'reasoning',
  'file',
]);
const CHAT_PART_TYPES = new Set(['image_url', 'input_audio']);

/**
 * Guesses the format of a conversation from the shape of its messages (and the key that held
 * them: `contents` is Gemini, `input` the Responses API).
 *
 * Looks for what only one format has: Responses item types and `input_text` parts, Gemini
 * `parts` and the `model` role, aiwrapper `items` and `tool-results`, Anthropic `tool_use` /
 * `tool_result` blocks, Vercel `tool-call` / `tool-result` parts, Chat Completions `tool_calls`
 * and `tool_call_id`. Plain text turns fit every chat format; they are reported as
 * `openai-chat`, not certain. Mistral shares the Chat Completions shape, so it is never guessed:
 * pass `--format mistral` or `--provider mistral`.
 */
export function detectFormat(messages: readonly unknown[], key?: MessageKey): DetectedFormat {
  if (key === 'contents') return { format: 'gemini', certain: true };
  if (key === 'input') return { format: 'openai-responses', certain: true };
  for (const message of messages) {
    const format = formatOfMessage(message);
    if (format !== undefined) return { format, certain: true };
  }
  return { format: 'openai-chat', certain: false };
}

function formatOfMessage(message: unknown): MessageFormat | undefined {
  if (!isRecord(message)) return undefined;
  if (typeof message.type === 'string' && RESPONSES_ITEM_TYPES.has(message.type))
    return 'openai-responses';
  if (Array.isArray(message.parts) || message.role === 'model') return 'gemini';
  if (Array.isArray(message.items) || message.role === 'tool-results') return 'aiwrapper';
  if (Array.isArray(message.tool_calls) || typeof message.tool_call_id === 'string')
    return 'openai-chat';
  if (!Array.isArray(message.content)) return undefined;
  for (const part of message.content) {
    if (!isRecord(part) || typeof part.type !== 'string') continue;
    if (RESPONSES_PART_TYPES.has(part.type)) return 'openai-responses';
    if (ANTHROPIC_BLOCK_TYPES.has(part.type)) return 'anthropic';
    if (VERCEL_PART_TYPES.has(part.type)) return 'vercel';
    if (CHAT_PART_TYPES.has(part.type)) return 'openai-chat';
    if (part.type === 'image') return isRecord(part.source) ? 'anthropic' : 'vercel';
  }
  return undefined;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
