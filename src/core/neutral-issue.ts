import { toValidationResult, type HistoryIssue, byMessageIndex } from '../errors/history-issue.js';
import { wordsIssues, type HistoryInspection, type InspectionUse } from './history-inspection.js';
import { objectAt, type JsonObject } from './input-guards.js';
import { MessageStrings } from './message-strings.js';
import { forEachToolTurnProblem, type ToolSite, type ToolTurnProblem } from './pair-tool-turns.js';
import { siteName, ToolTurnTable } from './tool-turn-table.js';

/** How a provider-neutral format names places and words unanswered calls. */
interface NeutralWording {
  /** The path of a call or result, e.g. `messages[3].content[1]`. */
  readonly path: (site: ToolSite) => string;
  /** The sentence for calls of one turn that no result answers. */
  readonly missing: (toolCallIds: readonly string[], turnIndex: number) => string;
}

/** How a provider-neutral format (aiwrapper, Vercel AI SDK) lays out its messages. */
export interface NeutralLayout {
  /** What `objectAt` says a message must be. */
  readonly messageShape: string;
  /** The field that holds a message's parts (`content`, `items`). */
  readonly partsField: string;
  /** Checks a message's role and returns its parts (`undefined` for none). */
  readonly partsOf: (message: JsonObject, index: number) => readonly JsonObject[] | undefined;
  /** Per turn kind, the role of its messages and the type of its parts. */
  readonly calls: { readonly role: string; readonly partType: string };
  readonly results: { readonly role: string; readonly partType: string };
  /** The call id of a call or result part (throws when it is not a string). */
  readonly callIdOf: (part: JsonObject, index: number, partIndex: number) => string;
  /** The field of a part that names its tool. */
  readonly nameField: string;
  /** The sentence for calls of one turn that no result answers. */
  readonly missing: NeutralWording['missing'];
}

/** Validates a neutral-format history with the shared pairing rule; provider-executed calls are not paired. */
export function inspectNeutral(
  messages: readonly unknown[],
  layout: NeutralLayout,
  use: InspectionUse,
): HistoryInspection {
  const table = new ToolTurnTable(messages.length);
  const emptyIds: number[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', layout.messageShape);
    const parts = layout.partsOf(message, index);
    const kind =
      message.role === layout.calls.role
        ? 'calls'
        : message.role === layout.results.role
          ? 'results'
          : undefined;
    if (parts === undefined || kind === undefined) {
      table.other(index);
      continue;
    }
    const { partType } = layout[kind];
    table.begin(index, kind);
    for (let partIndex = 0; partIndex < parts.length; partIndex++) {
      const part = parts[partIndex];
      if (part?.type !== partType || part.providerExecuted === true) continue;
      const id = layout.callIdOf(part, index, partIndex);
      if (id === '' && kind === 'calls') emptyIds.push(table.ids.length);
      table.add(id, partIndex, siteName(part[layout.nameField]));
    }
    table.end();
  }
  const prefixes = new MessageStrings((index) => `messages[${index}].${layout.partsField}[`);
  const wording: NeutralWording = {
    path: (site) => `${prefixes.of(site.messageIndex)}${site.partIndex ?? 0}]`,
    missing: layout.missing,
  };
  const issues: HistoryIssue[] = [];
  const worded = wordsIssues(use);
  forEachToolTurnProblem(table, { scope: 'turn', uniqueCallIds: 'turn' }, (problem) =>
    issues.push(neutralIssueOf(problem, wording, worded)),
  );
  for (const issue of emptyCallIdIssues(table, emptyIds, wording)) issues.push(issue);
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}

/** Words a problem of a neutral format (no provider sees these, so the sentences are ours). */
function neutralIssueOf(
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

/** Calls with an empty id (`slots` of `table`): no provider takes one, and no result can name it. */
function emptyCallIdIssues(
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
