import type { PairingScope } from './pair-tool-turns.js';

/** Kind of a flat entry: neither calls nor results. */
export const OTHER_ENTRY = 0;
/** Kind of a flat entry: a call turn. */
export const CALLS_ENTRY = 1;
/** Kind of a flat entry: results. */
export const RESULTS_ENTRY = 2;

// Ids go in arrays of 4096: a JS array past about 16k entries lands in V8's large-object space,
// where filling it costs several times more per entry, so one long array would grow with the history.
const ID_CHUNK_BITS = 12;
const ID_CHUNK = 1 << ID_CHUNK_BITS;

/** Where one call or result sits in a format's own array. */
export interface ToolSite {
  readonly callId: string;
  readonly messageIndex: number;
  /** Position inside the message, for formats that hold calls or results as parts. */
  readonly partIndex?: number | undefined;
}

/** A history reduced to its calls and results, one turn per message: validators fill it, pairing reads it. */
export class ToolTurnTable {
  count = 0;
  /** Per turn: {@link OTHER_ENTRY}, {@link CALLS_ENTRY} or {@link RESULTS_ENTRY}. */
  kinds: Uint8Array;
  /** Per turn: the index of its message in the format's array. */
  messageIndexes: Int32Array;
  /** Per turn, plus one: the offset of its first site; `starts[count]` is the number of sites. */
  starts: Int32Array;
  /** Per site: the call id, in arrays of {@link ID_CHUNK} (read with {@link idAt}). */
  private readonly idChunks: string[][] = [];
  /** Per site: its position inside its message, `-1` for none. */
  partIndexes: Int32Array;
  /** Per site: its turn. */
  siteTurns: Int32Array;
  /** Once {@link findToolTurnProblems} has run: its options, per site the site it pairs with, and the ids of calls that repeat an earlier call's id where ids must be unique. */
  pairing:
    | {
        readonly scope: PairingScope;
        readonly uniqueCallIds: 'turn' | 'conversation';
        readonly match: Int32Array;
        readonly repeatedCallIds: readonly string[];
      }
    | undefined;

  /** Sized for `messages` turns and as many sites: a long history fills it without regrowing. */
  constructor(messages = 16) {
    const size = Math.max(messages, 1);
    this.kinds = new Uint8Array(size);
    this.messageIndexes = new Int32Array(size);
    this.starts = new Int32Array(size + 1);
    this.partIndexes = new Int32Array(size);
    this.siteTurns = new Int32Array(size);
  }

  /** Adds a turn that holds neither calls nor results. */
  other(messageIndex: number): void {
    this.push(OTHER_ENTRY, messageIndex);
  }

  /** Opens a call turn or results; {@link add} its sites, then {@link end} it. */
  begin(messageIndex: number, kind: 'calls' | 'results'): void {
    this.push(kind === 'calls' ? CALLS_ENTRY : RESULTS_ENTRY, messageIndex);
  }

  /** Adds a call or result to the open turn; `partIndex` -1 when the format has no parts. */
  add(callId: string, partIndex: number): void {
    const slot = this.sites;
    if (slot === this.partIndexes.length) {
      this.partIndexes = grown(this.partIndexes);
      this.siteTurns = grown(this.siteTurns);
    }
    const chunk = this.idChunks[slot >>> ID_CHUNK_BITS];
    if (chunk === undefined) this.idChunks.push([callId]);
    else chunk.push(callId);
    this.partIndexes[slot] = partIndex;
    this.siteTurns[slot] = this.count - 1;
    this.starts[this.count] = slot + 1;
  }

  /** Closes the open turn: one without sites holds neither calls nor results, unless `keepEmpty`. */
  end(keepEmpty = false): void {
    const turn = this.count - 1;
    if (!keepEmpty && this.starts[turn] === this.starts[turn + 1]) this.kinds[turn] = OTHER_ENTRY;
  }

  /** The number of calls and results. */
  get sites(): number {
    return this.starts[this.count] ?? 0;
  }

  /** Sites in the latest turn. */
  openSites(): number {
    return this.sites - (this.starts[this.count - 1] ?? 0);
  }

  isCalls(turn: number): boolean {
    return this.kinds[turn] === CALLS_ENTRY;
  }

  /** The call id of a site. */
  idAt(slot: number): string {
    return this.idChunks[slot >>> ID_CHUNK_BITS]?.[slot & (ID_CHUNK - 1)] ?? '';
  }

  /** The call ids of the sites `[from, to)`. */
  idsIn(from: number, to: number): string[] {
    const ids: string[] = [];
    for (let slot = from; slot < to; slot++) ids.push(this.idAt(slot));
    return ids;
  }

  idsOf(turn: number): string[] {
    return this.idsIn(this.starts[turn] ?? 0, this.starts[turn + 1] ?? 0);
  }

  messageIndexOf(slot: number): number {
    return this.messageIndexes[this.siteTurns[slot] ?? -1] ?? -1;
  }

  siteAt(slot: number): ToolSite {
    const callId = this.idAt(slot);
    const messageIndex = this.messageIndexOf(slot);
    const partIndex = this.partIndexes[slot] ?? -1;
    return partIndex === -1 ? { callId, messageIndex } : { callId, messageIndex, partIndex };
  }

  private push(kind: number, messageIndex: number): void {
    const turn = this.count;
    if (turn === this.kinds.length) {
      this.kinds = grown(this.kinds);
      this.messageIndexes = grown(this.messageIndexes);
      const starts = new Int32Array(this.kinds.length + 1);
      starts.set(this.starts);
      this.starts = starts;
    }
    this.kinds[turn] = kind;
    this.messageIndexes[turn] = messageIndex;
    this.starts[turn + 1] = this.starts[turn] ?? 0;
    this.count = turn + 1;
  }
}

// Typed arrays, doubled when full (a turn with many calls): flat and compact for long histories.
function grown<T extends Uint8Array | Int32Array>(array: T): T {
  const copy = new (array.constructor as new (length: number) => T)(array.length * 2);
  copy.set(array);
  return copy;
}

/** A wire field as a call id for {@link ToolTurnTable.add}: the string, or `''` for anything else. */
export function siteName(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
