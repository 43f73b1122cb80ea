import { toValidationResult, type HistoryIssue, byMessageIndex } from '../errors/history-issue.js';
import { wordsIssues, type HistoryInspection, type InspectionUse } from './history-inspection.js';
import { assertArray, objectAt, stringAt, type JsonObject } from './input-guards.js';
import { findToolTurnProblems, type ToolSite, type ToolTurnProblem } from './pair-tool-turns.js';
import { ToolTurnTable } from './tool-turn-table.js';

/** How a provider-neutral format (aiwrapper, Vercel AI SDK) lays out its messages. */
export interface NeutralLayout {
  /** What `assertArray` says the messages must be. */
  readonly arrayShape: string;
  /** What `objectAt` says a message must be. */
  readonly messageShape: string;
  /** The field that holds a message's parts (`content`, `items`). */
  readonly partsField: string;
  /** Checks a message's role and returns its parts (`undefined` for none). */
  readonly partsOf: (message: JsonObject, index: number) => readonly JsonObject[] | undefined;
  /** Per turn kind, the role of its messages and the type of its parts. */
  readonly calls: { readonly role: string; readonly partType: string };
  readonly results: { readonly role: string; readonly partType: string };
  /** The field of a call or result part that holds its call id. */
  readonly idField: string;
  /** The sentence for calls of one turn that no result answers. */
  readonly missing: (toolCallIds: readonly string[], turnIndex: number) => string;
  /** A results message without results stays in its run of results, as the AI SDK joins consecutive tool messages and drops the empty ones. */
  readonly emptyResultsJoin?: boolean | undefined;
  /** Parts of a results message other than results that answer a call (Vercel approvals), by part. */
  readonly answers?:
    | ((messages: readonly unknown[]) => ReadonlyMap<object, { readonly callId: string }>)
    | undefined;
}

/** The call id of a call or result part. @throws {ToolHistoryError} `invalid-input` when not a string. */
export function neutralCallId(
  part: JsonObject,
  layout: NeutralLayout,
  index: number,
  partIndex: number,
): string {
  const id = part[layout.idField];
  if (typeof id === 'string') return id;
  return stringAt(id, `messages[${index}].${layout.partsField}[${partIndex}].${layout.idField}`);
}

/**
 * Validates a neutral-format history with the shared pairing rule; provider-executed calls are not paired.
 * @throws {ToolHistoryError} `invalid-input` for a non-array, an unknown role, or a malformed part.
 */
export function inspectNeutral(
  messages: readonly unknown[],
  layout: NeutralLayout,
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertArray(messages, layout.arrayShape);
  const table = new ToolTurnTable(messages.length);
  const answers = layout.answers?.(messages);
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
      const answer = kind === 'results' && part ? answers?.get(part) : undefined;
      if (answer !== undefined) table.add(answer.callId, partIndex);
      if (part?.type !== partType || part.providerExecuted === true) continue;
      const id = neutralCallId(part, layout, index, partIndex);
      if (id === '' && kind === 'calls') emptyIds.push(table.sites);
      table.add(id, partIndex);
    }
    table.end(kind === 'results' && layout.emptyResultsJoin === true);
  }
  const path = (site: ToolSite): string =>
    `messages[${site.messageIndex}].${layout.partsField}[${site.partIndex ?? 0}]`;
  const worded = wordsIssues(use);
  const issues: HistoryIssue[] = [];
  for (const problem of findToolTurnProblems(table, { scope: 'turn', uniqueCallIds: 'turn' }))
    issues.push(neutralIssueOf(problem, worded ? path : undefined, layout.missing));
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
  const { messageIndex, partIndex, callId: toolCallId } = site;
  const message = path ? neutralWords(problem, path) : '';
  if (problem.kind === 'misplaced') {
    const callMessageIndex = problem.call.messageIndex;
    const code = 'misplaced-tool-result';
    return { code, messageIndex, partIndex, toolCallId, callMessageIndex, message };
  }
  const code = problem.kind === 'orphan' ? 'orphan-tool-result' : 'duplicate-tool-call-id';
  return { code, messageIndex, partIndex, toolCallId, message };
}

function neutralWords(
  problem: Exclude<ToolTurnProblem, { kind: 'missing' }>,
  path: (site: ToolSite) => string,
): string {
  switch (problem.kind) {
    case 'orphan':
      return `Tool result at ${path(problem.result)} answers call "${problem.result.callId}", which the call turn right before it does not make. Add the call first, or drop the result.`;
    case 'misplaced':
      return `Tool result at ${path(problem.result)} answers call "${problem.result.callId}" made at ${path(problem.call)}, but other messages come between them. Move the result right after its call turn.`;
    case 'duplicate-result':
      return `Tool result at ${path(problem.result)} answers call "${problem.result.callId}" a second time (first at ${path(problem.first)}). Drop one of them.`;
    case 'duplicate-call':
      return `Call id "${problem.call.callId}" at ${path(problem.call)} repeats ${path(problem.first)} in the same turn, so results cannot tell the calls apart. Give each call its own id.`;
  }
}
