import type { HistoryFix } from './history-fix.js';
import type { WireLocator } from './wire-places.js';

/** Where a stretch repaired on its own sits: its first message in the input and in the output. */
export interface StretchOffsets {
  readonly input: number;
  readonly output: number;
}

const AT_START: StretchOffsets = { input: 0, output: 0 };

/**
 * Puts a fix's neutral indexes into the format's arrays: `output` places what the repaired
 * history holds, `input` what the input held; `offsets` shift both when the fix came from a
 * stretch of a longer history.
 */
export function locateFix(
  fix: HistoryFix,
  input: WireLocator,
  output: WireLocator,
  offsets: StretchOffsets = AT_START,
): HistoryFix {
  const at = output(fix.messageIndex, fix.partIndex);
  const placed = {
    ...fix,
    messageIndex: at.messageIndex + offsets.output,
    partIndex: at.partIndex,
  };
  switch (placed.kind) {
    case 'inserted-placeholder':
      return {
        ...placed,
        callMessageIndex: output(placed.callMessageIndex, undefined).messageIndex + offsets.output,
      };
    case 'synthesized-call':
    case 'moved-result':
      return { ...placed, ...fromPlace(placed, input, offsets) };
    case 'result-to-text':
    case 'dropped-duplicate-result': {
      const from = fromPlace(placed, input, offsets);
      // The result keeps where the reader found it, in the input as a whole.
      const result =
        placed.result.sourceIndex === undefined
          ? placed.result
          : { ...placed.result, sourceIndex: from.fromIndex };
      return { ...placed, ...from, result };
    }
    case 'moved-text':
    case 'rewrote-call-id':
    case 'renamed-result':
    case 'inserted-assistant-turn':
    case 'inserted-user-turn':
    case 'stringified-arguments':
    case 'removed-empty-tool-calls':
    case 'added-tool-call-id':
    case 'filled-content':
    case 'named-call':
    case 'added-reasoning':
    case 'added-thought-signature':
      return placed;
    case 'moved-reasoning':
    case 'dropped-reasoning':
    case 'stripped-item-id':
      // Made on the wire messages (formats/shared/wire-repair.ts): already in the format's arrays.
      return fix;
  }
}

/** Where in the input a fix's result was, and its message citing that place. */
function fromPlace(
  fix: { readonly fromIndex: number; readonly fromPartIndex: number; readonly message: string },
  input: WireLocator,
  offsets: StretchOffsets,
): { fromIndex: number; fromPartIndex: number; message: string } {
  const from = input(fix.fromIndex, fix.fromPartIndex);
  const fromIndex = from.messageIndex + offsets.input;
  return {
    fromIndex,
    fromPartIndex: from.partIndex ?? 0,
    message: citing(fix.message, fix.fromIndex, fromIndex),
  };
}

/** The repairer cites the input by neutral index (`messages[3]`); the user's array has its own. */
function citing(message: string, neutralIndex: number, index: number): string {
  return message.replace(`messages[${neutralIndex}]`, `messages[${index}]`);
}
