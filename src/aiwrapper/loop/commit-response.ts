import type { LangMessage, LangMessageItemTool } from 'aiwrapper';
import { uniqueCallIds } from '../../core/call-id.js';
import type { ProviderFormat } from '../../core/format.js';
import { parseArgumentsText } from '../../formats/shared/arguments-text.js';
import type { LoopToolCall } from './loop-tool.js';
import { convertHistory } from '../../convert/convert-history.js';
import { UNKNOWN_TOOL_NAME } from '../../repair/fixes/rebuild-parts.js';
import { validateHistory } from '../../validate/validate-history.js';
import { META_KEYS } from '../meta-keys.js';
import { takenCallIds } from '../taken-call-ids.js';
import { sentArgumentsText, sentCallId } from '../sent-tool-calls.js';

/** What the loop replaced in one call, as the model sent it. */
export interface SentCall {
  readonly callId?: string;
  readonly name?: string;
}

/** A call of a committed turn, with its argument text when that text is not a JSON object. */
export interface TurnCall extends LoopToolCall {
  readonly argumentsText?: string | undefined;
}

/** A `tool` item as the loop writes it: aiwrapper's, with the text of arguments that did not parse. */
type CallItem = LangMessageItemTool & { argumentsText?: string };

/**
 * Appends a response's messages, each call made one the provider accepts (the change recorded under
 * `META_KEYS.sentCalls`); returns the index of its last assistant message (or -1).
 */
export function commitResponse(
  messages: LangMessage[],
  added: readonly LangMessage[],
  format: ProviderFormat | undefined,
): number {
  let turnIndex = -1;
  for (const message of added) {
    if (message.role === 'assistant') {
      readCalls(message, messages, format);
      turnIndex = messages.length;
    }
    messages.push(message);
  }
  return turnIndex;
}

function readCalls(
  turn: LangMessage,
  messages: readonly LangMessage[],
  format: ProviderFormat | undefined,
): void {
  let taken: Set<string> | undefined;
  let fresh: (() => string) | undefined;
  let asSent: Record<string, SentCall> | undefined;
  for (const item of turn.items) {
    if (item.type !== 'tool') continue;
    readArguments(item);
    if (taken === undefined) {
      taken = takenCallIds(messages);
      fresh = uniqueCallIds(taken);
    }
    const sentId = sentCallId(item) ?? item.callId;
    if (item.callId === '' || taken.has(item.callId))
      item.callId = (fresh ?? uniqueCallIds(taken))();
    taken.add(item.callId);
    const sentName = item.name;
    if (sentName === '' && refusesEmptyNames(format)) item.name = UNKNOWN_TOOL_NAME;
    if (sentId === item.callId && sentName === item.name) continue;
    (asSent ??= {})[item.callId] = {
      ...(sentId === item.callId ? {} : { callId: sentId }),
      ...(sentName === item.name ? {} : { name: sentName }),
    };
  }
  if (asSent === undefined) return;
  // The response the Responses API stored holds the calls as sent: the next request must send the
  // turn as written, which aiwrapper does for a last turn without the stored response's id.
  const kept = Object.entries(turn.meta ?? {}).filter(([key]) => key !== RESPONSE_ID_META_KEY);
  turn.meta = { ...Object.fromEntries(kept), [META_KEYS.sentCalls]: asSent };
}

/** Where aiwrapper keeps the id of the stored Responses response an assistant turn came from. */
const RESPONSE_ID_META_KEY = 'openaiResponseId';

/** Sets a call's arguments from the text the model sent: its object, or `{}` and `argumentsText`. */
function readArguments(item: CallItem): void {
  const text = sentArgumentsText(item);
  if (text === undefined) return;
  const parsed = parseArgumentsText(text);
  item.arguments = parsed.arguments as Record<string, unknown>;
  if (parsed.argumentsText !== undefined) item.argumentsText = parsed.argumentsText;
}

/** The calls of a committed turn, in order. */
export function callsOf(turn: LangMessage): TurnCall[] {
  const calls: TurnCall[] = [];
  for (const item of turn.items as readonly (CallItem | LangMessage['items'][number])[])
    if (item.type === 'tool')
      calls.push({
        callId: item.callId,
        name: item.name,
        arguments: item.arguments,
        ...('argumentsText' in item ? { argumentsText: item.argumentsText } : {}),
      });
  return calls;
}

const emptyNameRefused = new Map<ProviderFormat, boolean>();

/** Whether the package's validator refuses a call with an empty name in `format` (probed once). */
function refusesEmptyNames(format: ProviderFormat | undefined): boolean {
  if (format === undefined) return true;
  let refused = emptyNameRefused.get(format);
  if (refused === undefined) {
    const probe = [
      { role: 'user', items: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', items: [{ type: 'tool', callId: 'probe', name: '', arguments: {} }] },
      {
        role: 'tool-results',
        items: [{ type: 'tool-result', callId: 'probe', name: '', result: 'ok' }],
      },
    ];
    const written = convertHistory(probe, { from: 'aiwrapper', to: format }).messages;
    refused = !validateHistory(written, { format }).ok;
    emptyNameRefused.set(format, refused);
  }
  return refused;
}
