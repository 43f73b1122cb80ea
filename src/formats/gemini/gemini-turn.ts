import { ArmedCalls } from '../../core/armed-calls.js';
import { UnansweredByName } from './unanswered-by-name.js';

/** A call of the latest model turn. */
export interface TurnCall {
  readonly callId: string;
  readonly name: string;
  /** The call gave no id of its own: `callId` was generated. */
  readonly idless: boolean;
  /** Its position among the turn's calls. */
  readonly position: number;
  answered: boolean;
}

/**
 * The calls of the latest model turn, armed by id and by name with core's pairing rule
 * ({@link ArmedCalls}, turn scope): Gemini ids are optional, so a response pairs by its id when it
 * has one and by its function's name otherwise. Every lookup is O(1) (amortized), so a turn of
 * thousands of calls is read in linear time.
 */
export class GeminiTurn {
  readonly calls: TurnCall[] = [];
  private readonly byId = new ArmedCalls<TurnCall>('turn');
  private readonly byName = new ArmedCalls<TurnCall>('turn');
  /** The ids the turn's calls gave themselves. */
  private readonly ownIds = new Set<string>();
  private readonly unanswered = new UnansweredByName();
  /** No call before this position is unanswered. */
  private firstOpen = 0;

  /** A model turn: its calls replace the armed ones. */
  start(): void {
    this.reset();
    this.byId.startTurn();
    this.byName.startTurn();
  }

  /** A user turn: no call stays answerable. */
  end(): void {
    this.reset();
    this.byId.other();
    this.byName.other();
  }

  private reset(): void {
    this.calls.length = 0;
    this.ownIds.clear();
    this.unanswered.clear();
    this.firstOpen = 0;
  }

  /** Arms one call of the turn; `idless` when `callId` was generated. */
  arm(callId: string, name: string, idless: boolean): void {
    const call: TurnCall = { callId, name, idless, position: this.calls.length, answered: false };
    this.calls.push(call);
    this.unanswered.add(name, call.position);
    if (!idless) {
      this.byId.arm(callId, call);
      this.ownIds.add(callId);
    }
    this.byName.arm(name, call);
  }

  /**
   * The call a response answers: by id; when its id names no call, the one unanswered call with
   * its name, if that call had no id; without an id, the first unanswered call with its name (the
   * first unanswered call at all for a response with an empty name, which repair names after it).
   */
  answer(id: string, name: string): TurnCall | undefined {
    const call =
      id !== ''
        ? (take(this.byId, id) ?? this.onlyIdlessNamed(id, name))
        : (take(this.byName, name) ?? (name === '' ? this.firstUnanswered() : undefined));
    if (call) {
      call.answered = true;
      this.unanswered.answer(call.name, call.position);
    }
    return call;
  }

  private firstUnanswered(): TurnCall | undefined {
    while (this.calls[this.firstOpen]?.answered === true) this.firstOpen++;
    return this.calls[this.firstOpen];
  }

  private onlyIdlessNamed(id: string, name: string): TurnCall | undefined {
    // An id of a call of the turn (answered already) makes a duplicate, not a made-up id.
    if (this.ownIds.has(id)) return undefined;
    const only = this.calls[this.unanswered.only(name)];
    return only?.idless === true ? only : undefined;
  }
}

/** The first armed call for `key` not answered yet (one answered by the other key is skipped). */
function take(armed: ArmedCalls<TurnCall>, key: string): TurnCall | undefined {
  for (let call = armed.answer(key); call !== undefined; call = armed.answer(key))
    if (!call.answered) return call;
  return undefined;
}
