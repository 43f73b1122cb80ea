import type { ConversationSource } from './json-source.js';

/** The keys a conversation object may hold its messages under, in lookup order. */
export const MESSAGE_KEYS = ['messages', 'input', 'contents'] as const;
/** A key a conversation object holds its messages under. */
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** How the input is laid out. */
export type InputLayout =
  /** One JSON document holding one conversation. */
  | 'json'
  /** One JSON array of conversations. */
  | 'json-array'
  /** One conversation per line. */
  | 'jsonl'
  /** One message per line: the whole input is one conversation. */
  | 'jsonl-messages';

/** One conversation read from the input. */
export interface Conversation {
  readonly kind: 'conversation';
  /** 1-based conversation number. */
  readonly number: number;
  /** The line it starts on (JSONL), or 1. */
  readonly line: number;
  readonly layout: InputLayout;
  readonly messages: readonly unknown[];
  /** The object that held the messages, and under which key; `undefined` for a bare array. */
  readonly container:
    { readonly value: Readonly<Record<string, unknown>>; readonly key: MessageKey } | undefined;
  /** Where it is in the input's text, so what a command leaves alone is written back as it was. */
  readonly source: ConversationSource;
}

/** A conversation that could not be read: invalid JSON, or no messages array in it. */
export interface UnreadableConversation {
  readonly kind: 'unreadable';
  readonly layout: InputLayout;
  readonly number: number;
  readonly line: number;
  readonly column: number | undefined;
  /** What is wrong, without the location. */
  readonly reason: string;
}

/** What `readConversations` yields. */
export type InputRecord = Conversation | UnreadableConversation;
