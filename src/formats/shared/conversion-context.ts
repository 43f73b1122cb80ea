// What every reader and writer shares: warnings, extras, result pieces, reasoning, call names.
import { ArmedCalls } from '../../core/armed-calls.js';
import type { MessageFormat } from '../../core/format.js';
import type {
  ConversionWarning,
  ConversionWarningCode,
  OpaquePart,
  ProviderData,
  TextPart,
  ToolCallPart,
  ToolResult,
} from '../../core/history.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import type { PairingScope } from '../../core/pair-tool-turns.js';

/** Options every writer takes. */
export interface WriterOptions {
  /** Warnings the writer neither builds nor returns (repair drops a placeholder's error flag). */
  readonly omitWarnings?: ReadonlySet<ConversionWarningCode> | undefined;
}

/** Collects one conversion's warnings, and hands out its format's provider data and opaque parts. */
export class ConversionContext {
  readonly warnings: ConversionWarning[] = [];

  constructor(
    readonly format: MessageFormat,
    private readonly options: WriterOptions = {},
  ) {}

  /** False for a warning the caller drops: check before building a warning's text in a loop. */
  wants(code: ConversionWarningCode): boolean {
    return this.options.omitWarnings?.has(code) !== true;
  }

  /** Records a warning, unless the caller drops its code. */
  warn(code: ConversionWarningCode, messageIndex: number, message: string, callId?: string): void {
    if (!this.wants(code)) return;
    this.warnings.push(
      callId === undefined
        ? { code, messageIndex, message }
        : { code, messageIndex, callId, message },
    );
  }

  /** This format's extras from `providerData`; other formats' extras are dropped with a warning. */
  ownData(
    providerData: ProviderData | undefined,
    messageIndex: number,
    callId?: string,
  ): Readonly<Record<string, unknown>> | undefined {
    if (providerData === undefined) return undefined;
    for (const key of Object.keys(providerData)) {
      if (key === this.format) continue;
      const source = key as MessageFormat;
      const keys = Object.keys(providerData[source] ?? {});
      const reasoning = keys.filter((name) => name === REASONING_KEY[source]);
      if (reasoning.length > 0) this.dropReasoning(key, reasoning.join(', '), messageIndex, callId);
      if (reasoning.length === keys.length) continue;
      this.warn(
        'dropped-provider-data',
        messageIndex,
        `${this.format} cannot carry ${key} extras (${keys.filter((name) => name !== REASONING_KEY[source]).join(', ')}); they were left out.`,
        callId,
      );
    }
    return providerData[this.format];
  }

  /** The opaque part's value when it is in this format; otherwise warns and returns `undefined`. */
  ownOpaque(part: OpaquePart, messageIndex: number): unknown {
    if (part.format === this.format) return part.value;
    const { value } = part;
    const what =
      isObject(value) && typeof value.type === 'string' ? `type "${value.type}"` : 'content';
    if (isObject(value) && REASONING_PART[part.format]?.(value) === true)
      this.dropReasoning(part.format, what, messageIndex);
    else
      this.warn(
        'dropped-content',
        messageIndex,
        `${this.format} cannot hold a ${part.format} part (${what}); it was left out.`,
      );
    return undefined;
  }

  /**
   * Parts as a message's `content`: one plain text part as a string, else each part written
   * (calls by `writeCall`); parts from another format are left out with a warning.
   */
  writeContent<Part>(
    parts: readonly (TextPart | ToolCallPart | OpaquePart)[],
    index: number,
    textType = 'text',
    writeCall: (call: ToolCallPart) => Part | undefined = () => undefined,
  ): string | Part[] {
    const [only] = parts;
    if (parts.length === 1 && only?.type === 'text' && only.providerData === undefined)
      return only.text;
    const content: Part[] = [];
    for (const part of parts) {
      const value =
        part.type === 'text'
          ? { ...this.ownData(part.providerData, index), type: textType, text: part.text }
          : part.type === 'tool-call'
            ? writeCall(part)
            : this.ownOpaque(part, index);
      if (value !== undefined) content.push(value as Part);
    }
    return content;
  }

  private dropReasoning(source: string, what: string, messageIndex: number, callId?: string): void {
    this.warn(
      'dropped-reasoning',
      messageIndex,
      `${this.format} cannot take ${source} reasoning (${what}): only the provider that produced it takes it back; it was left out.`,
      callId,
    );
  }
}

/** `value` with `extras` as its `providerData` under `format`; `value` itself when there are none. */
export function withOwnData<T extends object>(
  value: T,
  format: MessageFormat,
  extras: Readonly<Record<string, unknown>> | undefined,
): T {
  return extras === undefined ? value : { ...value, providerData: { [format]: extras } };
}

/** The keys of `record` not in `known`, as a new object, or `undefined` when there are none. */
export function extrasOf(
  record: Readonly<Record<string, unknown>>,
  known: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  let extras: Record<string, unknown> | undefined;
  for (const key in record) {
    if (known.has(key) || !Object.hasOwn(record, key)) continue;
    extras ??= {};
    // Defined, not assigned: `extras['__proto__'] = …` would set the prototype and lose the key.
    Object.defineProperty(extras, key, {
      value: record[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return extras;
}

/** `object` after the extras a writer puts back (extras' keys first, as read), or `object` itself. */
export function withExtras<T extends object>(
  extras: Readonly<Record<string, unknown>> | undefined,
  object: T,
): T {
  return extras === undefined ? object : { ...extras, ...object };
}

/** Appends `items` to an array the caller made (`push(...items)` overflows the stack on huge turns). */
export function appendAll<T>(target: readonly T[], items: readonly T[]): void {
  for (const item of items) (target as T[]).push(item);
}

/** The tool name of each armed call, under core's pairing rule. */
export class CallNames extends ArmedCalls<string> {}

/** Consumes the call `result` answers, warning `dropped-result-name` when the names differ. */
export function answerWithoutName(
  names: CallNames,
  result: ToolResult,
  index: number,
  context: ConversionContext,
  carrier: string,
  scope: PairingScope = 'turn',
): void {
  const callName = names.answer(result.callId);
  if ((callName ?? '') === result.name || !context.wants('dropped-result-name')) return;
  const orphan = scope === 'conversation' ? 'no earlier call has its id' : 'no call answers it';
  context.warn(
    'dropped-result-name',
    index,
    `${carrier} carry no tool name; the result's name "${result.name}" differs from its call's (${callName === undefined ? orphan : `"${callName}"`}) and was lost.`,
    result.callId,
  );
}

// What each format's reader keeps of a model's reasoning, so a conversion elsewhere can say
// `dropped-reasoning`: the opaque parts that are reasoning, and the providerData key of reasoning
// or its signature.
const REASONING_PART: Readonly<Partial<Record<MessageFormat, (part: JsonObject) => boolean>>> = {
  // Extended thinking: `thinking` blocks carry a `signature`, `redacted_thinking` encrypted `data`.
  anthropic: (part) => part.type === 'thinking' || part.type === 'redacted_thinking',
  // `reasoning` items, with `encrypted_content` when `store` is off.
  'openai-responses': (part) => part.type === 'reasoning',
  // Thought summaries.
  gemini: (part) => part.thought === true,
  // The AI SDK's `reasoning` parts; aiwrapper's `reasoning` items (text only, no signature).
  vercel: (part) => part.type === 'reasoning',
  aiwrapper: (part) => part.type === 'reasoning',
  // Converse `reasoningContent` blocks (reasoning text with its signature, or redacted content).
  bedrock: (part) => Object.hasOwn(part, 'reasoningContent'),
};

const REASONING_KEY: Readonly<Partial<Record<MessageFormat, string>>> = {
  gemini: 'thoughtSignature',
  // DeepSeek's thinking mode, and hosts that copy it (Kimi, vLLM, Qwen), on assistant messages.
  'openai-chat': 'reasoning_content',
  mistral: 'reasoning_content',
};
