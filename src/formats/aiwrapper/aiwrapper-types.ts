/**
 * Structural types of aiwrapper 3 `LangMessage`s (`{ role, items }`), written here so that nothing
 * outside `src/aiwrapper/` imports the `aiwrapper` package. A `LangMessages` instance is an array of
 * objects of this shape.
 */

/** A `tool` item of an assistant message: one call. */
export interface AiwrapperToolItem {
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
  /**
   * This package's mark on the result of a call that did not succeed (aiwrapper has no error flag
   * and ignores it): `runToolLoop` writes it, `Lang.anthropic` sends it as `is_error` once the
   * loop's fix is installed, and conversions carry it as the neutral result's `isError`.
   */
  readonly isError?: true;
}

/** Any other item (`text`, `reasoning`, `image`), passed through. */
export interface AiwrapperOtherItem {
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
