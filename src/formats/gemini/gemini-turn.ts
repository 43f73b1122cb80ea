import { ArmedCalls } from '../../core/armed-calls.js';

/** A call of the latest model turn. */
export interface TurnCall {
  readonly callId: string;
  readonly name: string;
  /** The call gave no id of its own: `callId` was generated. */
  readonly idless: boolean;
  answered: boolean;
}

/**
 * The calls of the latest model turn, armed by id and by name with core's pairing rule
 * ({@link ArmedCalls}, turn scope): Gemini ids are optional, so a response pairs by its id when it
 * has one and by its function's name otherwise.
 */
export class GeminiTurn {
  readonly calls: TurnCall[] = [];
  private readonly byId = new ArmedCalls<TurnCall>('turn');
  private readonly byName = new ArmedCalls<TurnCall>('turn');

  /** A model turn: its calls replace the armed ones. */
  start(): void {
    this.calls.length = 0;
    this.byId.startTurn();
    this.byName.startTurn();
  }

  /** A user turn: no call stays answerable. */
  end(): void {
    this.calls.length = 0;
    this.byId.other();
    this.byName.other();
  }

  /** Arms one call of the turn. */
  arm(call: TurnCall): void {
    this.calls.push(call);
    if (!call.idless) this.byId.arm(call.callId, call);
    this.byName.arm(call.name, call);
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
        : (take(this.byName, name) ??
          (name === '' ? this.calls.find((each) => !each.answered) : undefined));
    if (call) call.answered = true;
    return call;
  }

  private onlyIdlessNamed(id: string, name: string): TurnCall | undefined {
    // An id of a call of the turn (answered already) makes a duplicate, not a made-up id.
    if (this.calls.some((call) => !call.idless && call.callId === id)) return undefined;
    const named = this.calls.filter((call) => !call.answered && call.name === name);
    const only = named.length === 1 ? named[0] : undefined;
    return only?.idless === true ? only : undefined;
  }
}

/** The first armed call for `key` not answered yet (one answered by the other key is skipped). */
function take(armed: ArmedCalls<TurnCall>, key: string): TurnCall | undefined {
  for (let call = armed.answer(key); call !== undefined; call = armed.answer(key))
    if (!call.answered) return call;
  return undefined;
}
