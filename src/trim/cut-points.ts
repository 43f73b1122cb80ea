import type { MessageFormat } from '../core/format.js';
import type { ToolHistory } from '../core/history.js';
import { pairHistory } from '../pairs/pair-tool-calls.js';

/** What trimming needs to know about each message of the input. */
export interface TrimLayout {
  /**
   * `allowed[c]` is true when the kept suffix may start at message `c`: no call before `c` has
   * its result at or after `c`, `c` starts a message of the neutral history, and that message
   * is not a run of tool results. `allowed[0]` and `allowed[length]` are always true.
   */
  readonly allowed: readonly boolean[];
  /** Indexes of system and instruction messages. */
  readonly system: readonly number[];
  /** Index of the first user message (tool results are not user messages), if any. */
  readonly firstUser: number | undefined;
}

/**
 * Finds where a history of `length` messages may be cut: between turn groups, never between a
 * call turn and any of its results, so trimming keeps or drops each group whole.
 */
export function findCutPoints(
  history: ToolHistory,
  format: MessageFormat,
  length: number,
): TrimLayout {
  const starts = new Array<boolean>(length + 1).fill(false);
  const resultsFirst = new Array<boolean>(length + 1).fill(false);
  const system: number[] = [];
  const userSources: number[] = [];
  const carriesResults = new Set<number>();
  let previousSource = -1;
  for (const message of history) {
    const source = message.sourceIndex;
    // Messages without a source (none today) cannot be cut before; they ride with their neighbour.
    if (source === undefined || source >= length) continue;
    if (source !== previousSource) {
      starts[source] = true;
      if (message.role === 'tool') resultsFirst[source] = true;
    }
    previousSource = source;
    if (message.role === 'system') system.push(source);
    if (message.role === 'user') userSources.push(source);
    if (message.role === 'tool') carriesResults.add(source);
  }
  // The first user message is the first that is only the user's: an Anthropic or Gemini user
  // turn that also carries tool results belongs to its call turn's group and is never pinned alone.
  const firstUser = userSources.find((source) => !carriesResults.has(source));

  // Difference array over cut positions: each call-to-result link forbids cuts in (call, result].
  const crossing = new Array<number>(length + 2).fill(0);
  for (const pair of pairHistory(history, format).pairs) {
    if (pair.result === undefined) continue;
    const from = Math.min(pair.callMessageIndex, pair.result.messageIndex);
    const to = Math.max(pair.callMessageIndex, pair.result.messageIndex);
    if (from === to) continue;
    crossing[from + 1] = (crossing[from + 1] ?? 0) + 1;
    crossing[to + 1] = (crossing[to + 1] ?? 0) - 1;
  }
  const allowed: boolean[] = [];
  let open = 0;
  for (let cut = 0; cut <= length; cut++) {
    open += crossing[cut] ?? 0;
    allowed.push(
      cut === 0 ||
        cut === length ||
        (open === 0 && starts[cut] === true && resultsFirst[cut] !== true),
    );
  }
  return { allowed, system: [...new Set(system)], firstUser };
}
