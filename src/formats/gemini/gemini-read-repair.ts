import { hashCallId } from '../../core/call-id.js';
import type { HistoryMessage, ToolResult } from '../../core/history.js';
import { renameCallIds, type RepairRead } from '../shared/wire-repair.js';
import { fromGemini } from './from-gemini.js';

const TEMPORARY_ID = '\u0000generated:';

/**
 * Reads Gemini `contents` for repair: a made-up id hashes (content index, k), so a stretch read
 * alone gets the ids a whole read gives; made-up and borrowed ids are returned for the writer.
 */
export function readGeminiForRepair(messages: readonly unknown[], offset: number): RepairRead {
  let count = 0;
  const { messages: history, warnings } = fromGemini(messages, {
    generateId: () => `${TEMPORARY_ID}${String(count++)}`,
  });
  const finalIds = new Map<string, string>();
  const madeUpIn = new Map<number, number>();
  // Per content and call id: how many responses were given the id of the call they answer.
  const borrowedIn = new Map<string, number>();
  for (const warning of warnings) {
    if (warning.code !== 'generated-call-id' || warning.callId === undefined) continue;
    if (!warning.callId.startsWith(TEMPORARY_ID)) {
      const key = placeKey(warning.messageIndex, warning.callId);
      borrowedIn.set(key, (borrowedIn.get(key) ?? 0) + 1);
      continue;
    }
    if (finalIds.has(warning.callId)) continue;
    const made = madeUpIn.get(warning.messageIndex) ?? 0;
    madeUpIn.set(warning.messageIndex, made + 1);
    finalIds.set(
      warning.callId,
      hashCallId(`\u0000gemini:${String(warning.messageIndex + offset)}:${String(made)}`),
    );
  }
  const read =
    finalIds.size === 0 ? history : history.map((message) => renameCallIds(message, finalIds));
  return {
    history: read,
    idsAsRead: {
      generated: new Set(finalIds.values()),
      borrowed: borrowedResults(read, borrowedIn),
    },
  };
}

function placeKey(messageIndex: number, callId: string): string {
  return `${String(messageIndex)}\u0000${callId}`;
}

/** The results `borrowedIn` counts. */
function borrowedResults(
  history: readonly HistoryMessage[],
  borrowedIn: ReadonlyMap<string, number>,
): Set<ToolResult> {
  const borrowed = new Set<ToolResult>();
  if (borrowedIn.size === 0) return borrowed;
  const candidates = new Map<string, ToolResult[]>();
  for (const message of history) {
    if (message.role !== 'tool') continue;
    for (const result of message.results) {
      if (result.sourceIndex === undefined) continue;
      const key = placeKey(result.sourceIndex, result.callId);
      if (!borrowedIn.has(key)) continue;
      const list = candidates.get(key);
      if (list === undefined) candidates.set(key, [result]);
      else list.push(result);
    }
  }
  for (const [key, results] of candidates)
    if (results.length === borrowedIn.get(key)) for (const result of results) borrowed.add(result);
  return borrowed;
}
