import { hashCallId, type CallIdGenerator } from '../../core/call-id.js';
import type { ToolHistory } from '../../core/history.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import type { IdRewriteCause } from '../history-fix.js';
import type { ProviderProfile } from '../../core/format.js';

/** The id a call gets, and why it changed (`undefined` when it kept its id). */
export interface CallIdDecision {
  readonly id: string;
  readonly cause: IdRewriteCause | undefined;
}

/**
 * Decides, call by call in history order, which id each call gets: its own when the profile accepts
 * it and it is unique where the profile needs it, else a new one.
 */
export class CallIdRewriter {
  /** Every id of the input and every id handed out; made on the first rewrite. */
  private taken: Set<string> | undefined;
  /** Ids of calls seen so far: in the current turn, or in the whole history. */
  private readonly seen = new Set<string>();
  /** Invalid id → its new id, reused in later turns under per-turn uniqueness. */
  private readonly mapped = new Map<string, string>();
  /** Per base id: the next hash attempt. */
  private readonly attempts = new Map<string, number>();

  /**
   * `inputIds` gives every call and result id of the input, when a new id is first needed.
   * `suspects`, when known, holds every id that can repeat where it must be unique: those of calls
   * that already repeat one and of results no call answers (a synthesized call takes theirs); an
   * accepted id outside it is kept without being tracked.
   */
  constructor(
    private readonly profile: ProviderProfile,
    private readonly inputIds: () => ArrayLike<string>,
    private readonly generate: CallIdGenerator | undefined,
    private readonly suspects?: ReadonlySet<string> | undefined,
  ) {}

  /** True when ids must be unique in the whole history, so calls kept outside what a repair reads matter ({@link keep}). */
  get uniqueInConversation(): boolean {
    return this.profile.uniqueCallIds === 'conversation';
  }

  /** A call kept as it is, outside what a repair reads: its id is in use. */
  keep(id: string): void {
    if (this.uniqueInConversation && this.suspects?.has(id) !== false) this.seen.add(id);
  }

  /** A new call turn begins. */
  startTurn(): void {
    if (this.profile.uniqueCallIds === 'turn') this.seen.clear();
  }

  /** The id the next call (whose id was `id`) gets. */
  decide(id: string): CallIdDecision {
    if (this.suspects?.has(id) === false && id !== '' && this.profile.callIds.accepts(id))
      return { id, cause: undefined };
    const cause: IdRewriteCause | undefined =
      id === ''
        ? 'empty'
        : !this.profile.callIds.accepts(id)
          ? 'invalid'
          : this.seen.has(id)
            ? 'duplicate'
            : undefined;
    if (cause === undefined) {
      this.seen.add(id);
      return { id, cause };
    }
    const reused =
      cause === 'invalid' && this.profile.uniqueCallIds === 'turn'
        ? this.mapped.get(id)
        : undefined;
    const next = reused !== undefined && !this.seen.has(reused) ? reused : this.fresh(id, cause);
    if (cause === 'invalid') this.mapped.set(id, next);
    this.seen.add(next);
    return { id: next, cause };
  }

  /** A new id for a call whose id was `original`: not taken, and accepted by the profile. */
  fresh(original: string, cause: IdRewriteCause): string {
    const taken = (this.taken ??= new Set(Array.from(this.inputIds())));
    if (this.generate) return this.generated(original, taken);
    const seedBase = cause === 'empty' ? '\u0000empty' : original;
    let attempt = this.attempts.get(seedBase) ?? 0;
    for (;;) {
      const candidate = hashCallId(`${seedBase}\u0000${attempt++}`);
      if (this.profile.callIds.accepts(candidate) && !taken.has(candidate)) {
        this.attempts.set(seedBase, attempt);
        taken.add(candidate);
        return candidate;
      }
    }
  }

  private generated(original: string, taken: Set<string>): string {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const candidate = this.generate?.() ?? '';
      if (candidate !== '' && this.profile.callIds.accepts(candidate) && !taken.has(candidate)) {
        taken.add(candidate);
        return candidate;
      }
    }
    throw new ToolHistoryError(
      'invalid-input',
      `Could not find a new call id for "${original}" that ${this.profile.name} accepts (${this.profile.callIds.description}) and that is not in use; generateId returned 1000 unusable ids.`,
    );
  }
}

/** Every call and result id of `history`. */
export function idsOf(history: ToolHistory): string[] {
  const ids: string[] = [];
  for (const message of history) {
    if (message.role === 'assistant') {
      for (const part of message.parts) if (part.type === 'tool-call') ids.push(part.callId);
    } else if (message.role === 'tool') {
      for (const result of message.results) ids.push(result.callId);
    }
  }
  return ids;
}
