import type { MessageFormat } from '../core/format.js';
import { isObject } from '../core/input-guards.js';
import { FORMAT_ADAPTERS } from '../formats/index.js';
import type { MessageKey } from './read-conversations.js';

/** The format {@link detectFormat} settled on, and whether the messages proved it. */
export interface DetectedFormat {
  readonly format: MessageFormat;
  /** False when nothing in the messages tells the formats apart (plain text turns). */
  readonly certain: boolean;
}

const ADAPTERS = Object.values(FORMAT_ADAPTERS);

/**
 * Guesses the format of a conversation from the shape of its messages (and the key that held
 * them: a key only one format uses, such as Gemini's `contents` or the Responses API's `input`,
 * settles it).
 *
 * Asks each adapter's `signature` (formats/<provider>/<provider>-adapter.ts) for what only its
 * format has: first of the messages themselves (Responses item types, Gemini `parts` and the
 * `model` role, aiwrapper `items`, Chat Completions `tool_calls` and `tool_call_id`), then of
 * their content parts (Anthropic `tool_use` / `tool_result` blocks, Vercel `tool-call` /
 * `tool-result` parts, Responses `input_text`). Plain text turns fit every chat format; they are
 * reported as `openai-chat`, not certain. A format with no signature (Mistral shares the Chat
 * Completions shape) is never guessed: pass `--format mistral` or `--provider mistral`.
 */
export function detectFormat(messages: readonly unknown[], key?: MessageKey): DetectedFormat {
  if (key !== undefined) {
    const holders = ADAPTERS.filter((adapter) => adapter.messagesKey === key);
    if (holders.length === 1 && holders[0] !== undefined)
      return { format: holders[0].format, certain: true };
  }
  for (const message of messages) {
    const format = formatOfMessage(message);
    if (format !== undefined) return { format, certain: true };
  }
  return { format: 'openai-chat', certain: false };
}

function formatOfMessage(message: unknown): MessageFormat | undefined {
  if (!isObject(message)) return undefined;
  for (const adapter of ADAPTERS)
    if (adapter.signature?.message?.(message) === true) return adapter.format;
  if (!Array.isArray(message.content)) return undefined;
  for (const part of message.content as readonly unknown[]) {
    if (!isObject(part)) continue;
    for (const adapter of ADAPTERS)
      if (adapter.signature?.contentPart?.(part) === true) return adapter.format;
  }
  return undefined;
}
