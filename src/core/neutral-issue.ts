import type { HistoryIssue } from '../errors/history-issue.js';
import type { ToolSite, ToolTurnProblem } from './pair-tool-turns.js';
import type { ToolTurnTable } from './tool-turn-table.js';

/** How a provider-neutral format names places and words unanswered calls. */
export interface NeutralWording {
  /** The path of a call or result, e.g. `messages[3].content[1]`. */
  readonly path: (site: ToolSite) => string;
  /** The sentence for calls of one turn that no result answers. */
  readonly missing: (toolCallIds: readonly string[], turnIndex: number) => string;
}

/**
 * Puts a {@link ToolTurnProblem} of a provider-neutral format (aiwrapper, Vercel AI SDK) in words.
 * No provider sees these histories directly, so the sentences are ours, written to say what is
 * wrong, where, and how to fix it. Without `worded` (an inspection for repair:
 * `InspectionUse`) the message is empty.
 */
export function neutralIssueOf(
  problem: ToolTurnProblem,
  wording: NeutralWording,
  worded = true,
): HistoryIssue {
  switch (problem.kind) {
    case 'orphan': {
      const { result } = problem;
      return {
        code: 'orphan-tool-result',
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        message: worded
          ? `Tool result at ${wording.path(result)} answers call "${result.callId}", which the call turn right before it does not make. Add the call first, or drop the result.`
          : '',
      };
    }
    case 'misplaced': {
      const { result, call } = problem;
      return {
        code: 'misplaced-tool-result',
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        callMessageIndex: call.messageIndex,
        message: worded
          ? `Tool result at ${wording.path(result)} answers call "${result.callId}" made at ${wording.path(call)}, but other messages come between them. Move the result right after its call turn.`
          : '',
      };
    }
    case 'duplicate-result': {
      const { result, first } = problem;
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: result.messageIndex,
        partIndex: result.partIndex,
        toolCallId: result.callId,
        message: worded
          ? `Tool result at ${wording.path(result)} answers call "${result.callId}" a second time (first at ${wording.path(first)}). Drop one of them.`
          : '',
      };
    }
    case 'missing': {
      const toolCallIds = problem.callIds;
      return {
        code: 'missing-tool-result',
        messageIndex: problem.turnMessageIndex,
        toolCallIds,
        message: worded ? wording.missing(toolCallIds, problem.turnMessageIndex) : '',
      };
    }
    case 'duplicate-call': {
      const { call, first } = problem;
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: call.messageIndex,
        partIndex: call.partIndex,
        toolCallId: call.callId,
        message: worded
          ? `Call id "${call.callId}" at ${wording.path(call)} repeats ${wording.path(first)} in the same turn, so results cannot tell the calls apart. Give each call its own id.`
          : '',
      };
    }
  }
}

/**
 * Calls of a provider-neutral format with an empty id (`slots`, noted while reading `table`): no
 * provider takes one (OpenAI, Anthropic and Mistral refuse it, and results could not name their
 * call), so they are reported here too.
 */
export function emptyCallIdIssues(
  table: ToolTurnTable,
  slots: readonly number[],
  wording: NeutralWording,
): HistoryIssue[] {
  return slots.map((slot) => {
    const site = table.siteAt(slot);
    return {
      code: 'invalid-tool-call-id',
      messageIndex: site.messageIndex,
      partIndex: site.partIndex,
      toolCallId: '',
      message: `The call at ${wording.path(site)} has an empty id, which no provider accepts and no result can name. Give it an id.`,
    };
  });
}
