import { toValidationResult, type HistoryIssue, byMessageIndex } from '../errors/history-issue.js';
import { wordsIssues, type HistoryInspection, type InspectionUse } from './history-inspection.js';
import { objectAt, type JsonObject } from './input-guards.js';
import { forEachToolTurnProblem, type ToolSite, type ToolTurnProblem } from './pair-tool-turns.js';
import { ToolTurnTable } from './tool-turn-table.js';

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
  /** The sentence for calls of one turn that no result answers. */
  readonly missing: (toolCallIds: readonly string[], turnIndex: number) => string;
}

/** Validates a neutral-format history with the shared pairing rule; provider-executed calls are not paired. */
export function inspectNeutral(
  messages: readonly unknown[],
  layout: NeutralLayout,
  use: InspectionUse,
): HistoryInspection {
  const table = new ToolTurnTable();
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
      table.add(id, partIndex);
    }
    table.end();
  }
  const path = (site: ToolSite): string =>
    `messages[${site.messageIndex}].${layout.partsField}[${site.partIndex ?? 0}]`;
  const worded = wordsIssues(use);
  const issues: HistoryIssue[] = [];
  forEachToolTurnProblem(table, { scope: 'turn', uniqueCallIds: 'turn' }, (problem) =>
    issues.push(neutralIssueOf(problem, worded ? path : undefined, layout.missing)),
  );
  // No provider takes an empty call id, and no result can name one.
  for (const slot of emptyIds) {
    const site = table.siteAt(slot);
    issues.push({
      code: 'invalid-tool-call-id',
      messageIndex: site.messageIndex,
      partIndex: site.partIndex,
      toolCallId: '',
      message: `The call at ${path(site)} has an empty id, which no provider accepts and no result can name. Give it an id.`,
    });
  }
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}

/** Words a problem of a neutral format (no provider sees these, so the sentences are ours); no `path`, no words. */
function neutralIssueOf(
  problem: ToolTurnProblem,
  path: ((site: ToolSite) => string) | undefined,
  missing: NeutralLayout['missing'],
): HistoryIssue {
  if (problem.kind === 'missing') {
    const { callIds, turnMessageIndex } = problem;
    return {
      code: 'missing-tool-result',
      messageIndex: turnMessageIndex,
      toolCallIds: callIds,
      message: path ? missing(callIds, turnMessageIndex) : '',
    };
  }
  const site = problem.kind === 'duplicate-call' ? problem.call : problem.result;
  const at = {
    messageIndex: site.messageIndex,
    partIndex: site.partIndex,
    toolCallId: site.callId,
  };
  const id = site.callId;
  switch (problem.kind) {
    case 'orphan':
      return {
        code: 'orphan-tool-result',
        ...at,
        message: path
          ? `Tool result at ${path(site)} answers call "${id}", which the call turn right before it does not make. Add the call first, or drop the result.`
          : '',
      };
    case 'misplaced':
      return {
        code: 'misplaced-tool-result',
        ...at,
        callMessageIndex: problem.call.messageIndex,
        message: path
          ? `Tool result at ${path(site)} answers call "${id}" made at ${path(problem.call)}, but other messages come between them. Move the result right after its call turn.`
          : '',
      };
    case 'duplicate-result':
      return {
        code: 'duplicate-tool-call-id',
        ...at,
        message: path
          ? `Tool result at ${path(site)} answers call "${id}" a second time (first at ${path(problem.first)}). Drop one of them.`
          : '',
      };
    case 'duplicate-call':
      return {
        code: 'duplicate-tool-call-id',
        ...at,
        message: path
          ? `Call id "${id}" at ${path(site)} repeats ${path(problem.first)} in the same turn, so results cannot tell the calls apart. Give each call its own id.`
          : '',
      };
  }
}
