/** Every code a {@link ConversionWarning} can carry. */
export type ConversionWarningCode =
  /** The target has no error flag on results (OpenAI Chat, Responses, Mistral, aiwrapper). */
  | 'dropped-error-flag'
  /** The target carries no result name, and the call it answers has another name (or none). */
  | 'dropped-result-name'
  /** The target needs arguments as an object; malformed argument text was replaced by `{}`. */
  | 'dropped-arguments-text'
  /** An opaque part (image, …) from another format was left out. */
  | 'dropped-content'
  /** Extras of another format (`cache_control`, item ids, …) were left out. */
  | 'dropped-provider-data'
  /** The target orders parts differently (Chat Completions puts text before calls). */
  | 'reordered-parts'
  /** A system message was moved out of the messages (Anthropic `system`, Gemini `systemInstruction`). */
  | 'moved-system-message'
  /** A Gemini call got the documented skip-validator thought signature. */
  | 'synthesized-thought-signature'
  /** The source gave no call id; the converter generated one. */
  | 'generated-call-id'
  /** Reasoning signed or encrypted for another provider (thinking, `reasoning` items) was left out. */
  | 'dropped-reasoning'
  /** Repair left an issue no fix can mend without losing or making up content (Mistral last role). */
  | 'unrepaired-issue';

/** Something a conversion could not carry over exactly. Conversions never fail on these. */
export interface ConversionWarning {
  readonly code: ConversionWarningCode;
  /** Index of the message in the converter's input array. */
  readonly messageIndex: number;
  readonly callId?: string | undefined;
  /** What was lost or changed, and why. */
  readonly message: string;
}

/** The output of a conversion and everything it could not carry over. */
export interface ConversionResult<T> {
  /** A new array; the input is untouched. */
  readonly messages: T;
  /** Every loss, in message order. Empty when nothing was lost. */
  readonly warnings: readonly ConversionWarning[];
}
