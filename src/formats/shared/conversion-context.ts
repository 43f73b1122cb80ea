import type { MessageFormat } from '../../core/format.js';
import type { OpaquePart, ProviderData } from '../../core/history.js';
import type { ConversionWarning, ConversionWarningCode } from '../../core/conversion-result.js';
import { isReasoningKey, isReasoningPart } from './reasoning-vocabulary.js';

/** Options every writer takes. */
export interface WriterOptions {
  /** Warnings the writer neither builds nor returns (repair drops a placeholder's error flag). */
  readonly omitWarnings?: ReadonlySet<ConversionWarningCode> | undefined;
}

/** Collects one conversion's warnings, and hands out the provider data and opaque parts of its format. */
export class ConversionContext {
  readonly format: MessageFormat;
  readonly warnings: ConversionWarning[] = [];
  private readonly omitted: ReadonlySet<ConversionWarningCode> | undefined;

  constructor(format: MessageFormat, options: WriterOptions = {}) {
    this.format = format;
    this.omitted = options.omitWarnings;
  }

  /** False for a warning the caller drops: check before building a warning's text in a loop. */
  wants(code: ConversionWarningCode): boolean {
    return this.omitted?.has(code) !== true;
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
      const reasoning = keys.filter((name) => isReasoningKey(source, name));
      if (reasoning.length > 0)
        this.warn(
          'dropped-reasoning',
          messageIndex,
          `${this.format} cannot take ${key} reasoning (${reasoning.join(', ')}): only the provider that produced it takes it back; it was left out.`,
          callId,
        );
      if (reasoning.length === keys.length) continue;
      this.warn(
        'dropped-provider-data',
        messageIndex,
        `${this.format} cannot carry ${key} extras (${keys.filter((name) => !isReasoningKey(source, name)).join(', ')}); they were left out.`,
        callId,
      );
    }
    return providerData[this.format];
  }

  /** The opaque part's value when it is in this format; otherwise warns and returns `undefined`. */
  ownOpaque(part: OpaquePart, messageIndex: number): unknown {
    if (part.format === this.format) return part.value;
    if (isReasoningPart(part.format, part.value)) {
      this.warn(
        'dropped-reasoning',
        messageIndex,
        `${this.format} cannot take ${part.format} reasoning (${describeOpaque(part.value)}): only the provider that produced it takes it back; it was left out.`,
      );
      return undefined;
    }
    this.warn(
      'dropped-content',
      messageIndex,
      `${this.format} cannot hold a ${part.format} part (${describeOpaque(part.value)}); it was left out.`,
    );
    return undefined;
  }
}

function describeOpaque(value: unknown): string {
  if (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    typeof value.type === 'string'
  )
    return `type "${value.type}"`;
  return 'content';
}

/** `providerData` holding `extras` under `format`, or `undefined` when there are none. */
export function providerDataOf(
  format: MessageFormat,
  extras: Readonly<Record<string, unknown>> | undefined,
): ProviderData | undefined {
  return extras === undefined ? undefined : { [format]: extras };
}
