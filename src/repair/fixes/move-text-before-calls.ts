import type { AssistantMessage } from '../../core/history.js';

/** A text part that moved: its position before and after. */
export interface TextMove {
  readonly from: number;
  readonly to: number;
}

/** The reordered parts and the moves, or `undefined` when no text follows a call. */
export interface TextBeforeCalls {
  readonly parts: AssistantMessage['parts'];
  readonly moves: readonly TextMove[];
}

/**
 * Moves the text parts that follow the first call of an assistant turn to just before it,
 * keeping the order of the texts and of everything else. Anthropic refuses text after the
 * `tool_use` blocks of a turn; moving it keeps every word, where splitting the turn would put
 * the text after the results, as if the model had seen them.
 */
export function moveTextBeforeCalls(parts: AssistantMessage['parts']): TextBeforeCalls | undefined {
  const firstCall = parts.findIndex((part) => part.type === 'tool-call');
  if (firstCall === -1) return undefined;
  const moved: number[] = [];
  for (let index = firstCall + 1; index < parts.length; index++)
    if (parts[index]?.type === 'text') moved.push(index);
  if (moved.length === 0) return undefined;
  const movedSet = new Set(moved);
  const head = parts.slice(0, firstCall);
  const texts = moved.flatMap((index) => parts.slice(index, index + 1));
  const tail = parts.slice(firstCall).filter((_, offset) => !movedSet.has(firstCall + offset));
  return {
    parts: [...head, ...texts, ...tail],
    moves: moved.map((from, offset) => ({ from, to: firstCall + offset })),
  };
}
