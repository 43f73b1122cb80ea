// Structural types of aiwrapper 3 `LangMessage`s, so nothing outside src/aiwrapper/ imports it.

interface AiwrapperToolItem {
  readonly type: 'tool';
  readonly callId: string;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** A `tool-result` item of a `tool-results` message: the result of one call. */
export interface AiwrapperToolResultItem {
  readonly type: 'tool-result';
  readonly callId: string;
  readonly name: string;
  readonly result: unknown;
  /** This package's mark on a failed call's result (aiwrapper has no error flag; the loop sends it). */
  readonly isError?: true;
}

// Any other item (`text`, `reasoning`, `image`), passed through.
interface AiwrapperOtherItem {
  readonly type: string;
  readonly [key: string]: unknown;
}

/** One item of a message. */
export type AiwrapperItem = AiwrapperToolItem | AiwrapperToolResultItem | AiwrapperOtherItem;

/** One message: `user`, `assistant` (may hold `tool` items) or `tool-results`. */
export interface AiwrapperMessage {
  readonly role: 'user' | 'assistant' | 'tool-results';
  readonly items: readonly AiwrapperItem[];
  readonly meta?: Readonly<Record<string, unknown>> | undefined;
}
