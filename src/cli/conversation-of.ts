import {
  type ConversationSource,
  MESSAGE_KEYS,
  type Conversation,
  type InputLayout,
  type UnreadableConversation,
} from './json-source.js';
import { locateJsonSyntaxError } from './locate-json-syntax-error.js';

/** JSON.parse as a result. */
export function tryParse(
  text: string,
):
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The record for text that is not JSON, with where it breaks. */
export function unreadableJson(
  text: string,
  error: unknown,
  number: number,
  firstLine: number,
  layout: InputLayout,
): UnreadableConversation {
  const location = locateJsonSyntaxError(text, error);
  return {
    kind: 'unreadable',
    layout,
    number,
    line: firstLine + location.line - 1,
    column: location.column,
    reason: `invalid JSON: ${location.reason}`,
  };
}

/** The record for a JSON value that holds no conversation. */
export function notAConversation(
  value: unknown,
  number: number,
  line: number,
  layout: InputLayout,
): UnreadableConversation {
  const what = Array.isArray(value)
    ? 'an array of neither messages nor conversations'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? 'an object without a `messages`, `input` or `contents` array'
        : `a ${typeof value}`;
  return {
    kind: 'unreadable',
    layout,
    number,
    line,
    column: undefined,
    reason: `expected an array of messages or an object holding one under \`messages\`, \`input\` or \`contents\`, but got ${what}`,
  };
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message or item of any supported format: it has a `role`, a `type` or `parts`. */
export function isMessage(value: unknown): boolean {
  return (
    isRecord(value) &&
    (typeof value.role === 'string' || typeof value.type === 'string' || Array.isArray(value.parts))
  );
}

/** `value` as a conversation, or `undefined` when it is not one. */
export function conversationOf(
  value: unknown,
  number: number,
  line: number,
  layout: InputLayout,
  source: ConversationSource,
): Conversation | undefined {
  if (Array.isArray(value)) {
    return value.every(isMessage)
      ? {
          kind: 'conversation',
          number,
          line,
          layout,
          messages: value,
          container: undefined,
          source,
        }
      : undefined;
  }
  if (!isRecord(value) || typeof value.role === 'string') return undefined;
  for (const key of MESSAGE_KEYS) {
    const messages = value[key];
    if (Array.isArray(messages))
      return {
        kind: 'conversation',
        number,
        line,
        layout,
        messages,
        container: { value, key },
        source,
      };
  }
  return undefined;
}

/** For a probe that only asks whether a value is a conversation. */
export const NO_SOURCE: ConversationSource = {
  kind: 'value',
  document: { text: '' },
  index: undefined,
};
