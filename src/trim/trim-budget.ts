import { isToolHistoryError, ToolHistoryError } from '../errors/tool-history-error.js';
/** The limits of one {@link trimHistory} call. */
export interface BudgetLimits<T> {
  readonly maxMessages: number | undefined;
  readonly maxTokens: number | undefined;
  readonly countTokens: (message: T) => number;
}

/**
 * The budget of a trim, counted from the newest message back: a message's tokens are counted the
 * first time a cut at or before it is asked about, and never again. A cut at `c` keeps the
 * suffix `messages[c..]` and the pinned messages before `c`.
 */
export class TrimBudget<T> {
  readonly #messages: readonly T[];
  readonly #pinned: readonly number[];
  readonly #limits: BudgetLimits<T>;
  readonly #tokens: Float64Array;
  readonly #counted: Uint8Array;
  /** `#suffix[c]`: tokens of `messages[c..]`, known for `c >= #lowest`. */
  readonly #suffix: Float64Array;
  #lowest: number;
  /** `#pinnedPrefix[k]`: tokens of the first `k` pinned messages. */
  readonly #pinnedPrefix: Float64Array;

  constructor(messages: readonly T[], pinned: readonly number[], limits: BudgetLimits<T>) {
    this.#messages = messages;
    this.#pinned = pinned;
    this.#limits = limits;
    this.#tokens = new Float64Array(messages.length);
    this.#counted = new Uint8Array(messages.length);
    this.#suffix = new Float64Array(messages.length + 1);
    this.#lowest = messages.length;
    this.#pinnedPrefix = new Float64Array(pinned.length + 1);
    pinned.forEach((index, position) => {
      this.#pinnedPrefix[position + 1] = (this.#pinnedPrefix[position] ?? 0) + this.#tokenOf(index);
    });
  }

  /** Kept tokens when the suffix starts at `cut`. */
  tokensAt(cut: number): number {
    while (this.#lowest > cut) {
      const index = this.#lowest - 1;
      this.#suffix[index] = (this.#suffix[this.#lowest] ?? 0) + this.#tokenOf(index);
      this.#lowest = index;
    }
    return (this.#suffix[cut] ?? 0) + (this.#pinnedPrefix[this.#pinnedBefore(cut)] ?? 0);
  }

  /** True when a cut at `cut` meets both limits. */
  fits(cut: number): boolean {
    const { maxMessages, maxTokens } = this.#limits;
    return (
      (maxMessages === undefined ||
        this.#messages.length - cut + this.#pinnedBefore(cut) <= maxMessages) &&
      (maxTokens === undefined || this.tokensAt(cut) <= maxTokens)
    );
  }

  /** The earliest cut that fits (walking back, counting only what fits), or `undefined` for none. */
  earliestFit(): number | undefined {
    if (this.#limits.maxMessages === undefined && this.#limits.maxTokens === undefined) return 0;
    let cut = this.#messages.length;
    if (!this.fits(cut)) return undefined;
    while (cut > 0 && this.fits(cut - 1)) cut--;
    return cut;
  }

  /** How many pinned messages come before `cut`. */
  #pinnedBefore(cut: number): number {
    let low = 0;
    let high = this.#pinned.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#pinned[middle] ?? 0) < cut) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #tokenOf(index: number): number {
    if (this.#counted[index] === 1) return this.#tokens[index] ?? 0;
    const tokens = countAt(this.#limits.countTokens, this.#messages[index] as T, index);
    this.#tokens[index] = tokens;
    this.#counted[index] = 1;
    return tokens;
  }
}

/** Counts one message; a typed error gets its index, and a count that is not a finite number ≥ 0 is refused. */
function countAt<T>(countTokens: (message: T) => number, message: T, index: number): number {
  let tokens: number;
  try {
    tokens = countTokens(message);
  } catch (error) {
    if (!isToolHistoryError(error)) throw error;
    throw new ToolHistoryError(error.code, `messages[${index}]: ${error.message}`, {
      cause: error,
    });
  }
  if (typeof tokens !== 'number' || !Number.isFinite(tokens) || tokens < 0) {
    throw new ToolHistoryError(
      'invalid-input',
      `countTokens returned ${typeof tokens === 'number' ? String(tokens) : typeof tokens} for messages[${index}]; it must return a finite number of tokens, 0 or more.`,
    );
  }
  return tokens;
}
