import { uniqueCallIds, type CallIdGenerator } from '../../core/call-id.js';
import { findOrphanRuns, pairToolTurns, type TurnEntry } from '../../core/pair-tool-turns.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import type {
  OpenAIChatAssistantMessage,
  OpenAIChatMessage,
  OpenAIChatToolCall,
  OpenAIChatToolMessage,
} from './openai-chat-types.js';

/** The tool name used when neither the tool message nor any earlier call names the tool. */
export const UNKNOWN_TOOL_NAME = 'unknown_tool';

/** One assistant turn that {@link addMissingToolCalls} inserted. */
export interface InsertedToolCallTurn {
  /** Index of the inserted assistant message in the returned array. */
  readonly messageIndex: number;
  readonly toolCalls: readonly OpenAIChatToolCall[];
  /** Ids given to tool messages that had none or repeated one: `[old, new]` pairs. */
  readonly renamedIds: readonly (readonly [string, string])[];
  /** Calls whose name or arguments could not be found: named `unknown_tool`, or given `{}`. */
  readonly guessed: readonly {
    readonly callId: string;
    readonly name: boolean;
    readonly arguments: boolean;
  }[];
}

/** The outcome of {@link addMissingToolCalls}. */
export interface AddMissingToolCallsResult {
  /** A new array; the input is untouched. */
  readonly messages: OpenAIChatMessage[];
  /** Every inserted turn, in order. Empty when nothing was missing. */
  readonly inserted: readonly InsertedToolCallTurn[];
}

/** Options of {@link addMissingToolCalls}. */
export interface AddMissingToolCallsOptions {
  /** Calls known from elsewhere (e.g. a trimmed-away part of the conversation), by id, for names and arguments. */
  readonly knownCalls?: readonly OpenAIChatToolCall[] | undefined;
  readonly generateId?: CallIdGenerator | undefined;
}

function entryOf(message: OpenAIChatMessage, index: number): TurnEntry {
  if (typeof message !== 'object' || (message as unknown) === null) {
    throw new ToolHistoryError('invalid-input', `messages[${index}] is not a message object.`);
  }
  if (message.role === 'tool')
    return {
      kind: 'results',
      callIds: [typeof message.tool_call_id === 'string' ? message.tool_call_id : ''],
    };
  if (
    message.role === 'assistant' &&
    message.tool_calls !== undefined &&
    message.tool_calls.length > 0
  ) {
    return { kind: 'calls', callIds: message.tool_calls.map((call) => call.id) };
  }
  return { kind: 'other' };
}

/**
 * For plain OpenAI Chat Completions `messages`: inserts the missing assistant `tool_calls` turn
 * before tool messages that no call turn answers (OpenAI's 400 "messages with role 'tool' must
 * be a response to a preceeding message with 'tool_calls'"), and reports what it inserted.
 *
 * Names come from the tool message's `name` (aiwrapper and many clients send it), else from an
 * earlier call with the same id, else `knownCalls`; arguments likewise, else `"{}"`. In a run of
 * tool messages that mixes answered and orphan results, the answered ones stay directly after
 * their turn and the orphans follow the inserted turn.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array of objects.
 * @example
 * const { messages: fixed, inserted } = addMissingToolCalls(messages);
 */
export function addMissingToolCalls(
  messages: readonly OpenAIChatMessage[],
  options: AddMissingToolCallsOptions = {},
): AddMissingToolCallsResult {
  if (!isArray(messages))
    throw new ToolHistoryError(
      'invalid-input',
      'messages must be an array of Chat Completions messages.',
    );
  const entries = messages.map(entryOf);
  const runs = findOrphanRuns(entries, pairToolTurns(entries));
  if (runs.length === 0) return { messages: [...messages], inserted: [] };
  const taken = new Set<string>();
  for (const entry of entries)
    if (entry.kind !== 'other') for (const id of entry.callIds) taken.add(id);
  const nextId = uniqueCallIds(taken, options.generateId);
  const output: OpenAIChatMessage[] = [];
  const inserted: InsertedToolCallTurn[] = [];
  let copied = 0;
  for (const run of runs) {
    output.push(...messages.slice(copied, run.firstEntry));
    for (const paired of run.paired) {
      const message = messages[paired.entryIndex];
      if (message) output.push(message);
    }
    const renamedIds: [string, string][] = [];
    const guessed: { callId: string; name: boolean; arguments: boolean }[] = [];
    const seen = new Set<string>();
    const results = run.orphans.map((orphan) => {
      const message = messages[orphan.entryIndex] as OpenAIChatToolMessage;
      const callId = orphan.callId === '' || seen.has(orphan.callId) ? nextId() : orphan.callId;
      seen.add(callId);
      if (callId !== orphan.callId) renamedIds.push([orphan.callId, callId]);
      return {
        message: callId === orphan.callId ? message : { ...message, tool_call_id: callId },
        originalId: orphan.callId,
        entryIndex: orphan.entryIndex,
      };
    });
    const toolCalls = results.map(({ message, originalId, entryIndex }): OpenAIChatToolCall => {
      const known = findKnownCall(messages, entryIndex, originalId, options.knownCalls);
      const name =
        typeof message.name === 'string' && message.name !== ''
          ? message.name
          : known?.function.name;
      const args =
        known && (name === undefined || known.function.name === name)
          ? known.function.arguments
          : undefined;
      if (name === undefined || args === undefined)
        guessed.push({
          callId: message.tool_call_id,
          name: name === undefined,
          arguments: args === undefined,
        });
      return {
        id: message.tool_call_id,
        type: 'function',
        function: { name: name ?? UNKNOWN_TOOL_NAME, arguments: args ?? '{}' },
      };
    });
    // content '' rather than null: several open-model chat templates (Qwen3, gpt-oss, Granite) fail on null.
    const turn: OpenAIChatAssistantMessage = {
      role: 'assistant',
      content: '',
      tool_calls: toolCalls,
    };
    inserted.push({ messageIndex: output.length, toolCalls, renamedIds, guessed });
    output.push(turn, ...results.map((result) => result.message));
    copied = run.lastEntry + 1;
  }
  output.push(...messages.slice(copied));
  return { messages: output, inserted };
}

// Checks the runtime value without narrowing the typed input to any[].
function isArray(value: unknown): boolean {
  return Array.isArray(value);
}

function findKnownCall(
  messages: readonly OpenAIChatMessage[],
  before: number,
  callId: string,
  knownCalls: readonly OpenAIChatToolCall[] | undefined,
): OpenAIChatToolCall | undefined {
  if (callId === '') return undefined;
  for (let index = before - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role !== 'assistant' || message.tool_calls === undefined) continue;
    const call = message.tool_calls.find((candidate) => candidate.id === callId);
    if (call) return call;
  }
  return knownCalls?.find((call) => call.id === callId);
}
