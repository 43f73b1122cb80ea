// The page model of one conversation, computed with the package's own validate, repair and pair
// calls; the page script only draws it.
import type { MessageFormat } from '../core/format.js';
import type { HistoryMessage, JsonValue, ResultPart } from '../core/history.js';
import { isObject } from '../core/input-guards.js';
import { isPlaceholderResult } from '../core/placeholder-result.js';
import { adapterFor } from '../formats/index.js';
import { pairToolCalls, type ToolCallPairs } from '../pairs/pair-tool-calls.js';
import { repairHistory } from '../repair/repair-history.js';
import { validateHistory, type ProviderName } from '../validate/validate-history.js';

/** Where a piece's whole text lies in its message's JSON; the page reads (and clips) it there. */
export type ViewPath = readonly (string | number)[];

/** One piece of a message as the page shows it; a piece with `at` is not stored twice. */
export type ViewPart =
  | { readonly kind: 'text'; readonly text?: string | undefined; readonly at?: ViewPath }
  | {
      readonly kind: 'call';
      readonly callId: string;
      readonly name: string;
      readonly arguments?: unknown;
      readonly at?: ViewPath;
      /** `pending` when no result answers it. */
      readonly status: 'pending' | 'ok' | 'error';
      readonly resultIndex?: number | undefined;
      readonly result?: JsonValue | undefined;
    }
  | {
      readonly kind: 'result';
      readonly callId: string;
      readonly name: string;
      readonly content?: JsonValue | undefined;
      readonly at?: ViewPath;
      readonly isError: boolean;
      readonly placeholder: boolean;
      /** The message of its call; `undefined` for an orphan (a result no call claims). */
      readonly callIndex?: number | undefined;
      readonly images: readonly string[];
    }
  | {
      readonly kind: 'reasoning' | 'server-tool' | 'block';
      readonly label: string;
      readonly value: unknown;
      readonly image?: string | undefined;
    };

/** One wire message: its own role (or item type), the message as it is, and its pieces. */
export interface ViewMessage {
  readonly index: number;
  readonly role: string;
  readonly raw: unknown;
  readonly parts: readonly ViewPart[];
  /** An assistant turn the aiwrapper integration inserted (`meta.synthesizedToolCalls`). */
  readonly synthesized: boolean;
}

/** A message of the repaired history; `keptFrom` names the input message it is, unchanged. */
export interface RepairedMessage extends ViewMessage {
  readonly keptFrom?: number | undefined;
}

/** Everything the page shows of one conversation. */
export interface ConversationView {
  readonly title: string;
  readonly format: MessageFormat;
  readonly provider: string;
  /** The key the format keeps its messages under (`messages`, `input`, `contents`). */
  readonly arrayName: string;
  readonly messages: readonly ViewMessage[];
  readonly issues: readonly {
    readonly messageIndex: number;
    readonly partIndex?: number | undefined;
    readonly callIds: readonly string[];
    readonly code: string;
    readonly message: string;
  }[];
  /** What `repairHistory` changes, indexed into `repaired`. */
  readonly fixes: readonly {
    readonly messageIndex: number;
    readonly callId: string;
    readonly kind: string;
    readonly message: string;
  }[];
  /** The repaired history, when the repair changes anything. */
  readonly repaired: readonly RepairedMessage[] | undefined;
  /** Tool names and call ids, for the index's search. */
  readonly keys: readonly string[];
  /** Why the conversation could not be read, when it could not. */
  readonly error?: string | undefined;
  /** Shown above the timeline as JSON (the strict server's refusal). */
  readonly note?: unknown;
}

/** Options of {@link conversationView}. */
export interface ConversationViewOptions {
  readonly format?: MessageFormat | undefined;
  readonly provider?: ProviderName | undefined;
  readonly model?: string | undefined;
  readonly thinking?: boolean | undefined;
  readonly title?: string | undefined;
  readonly note?: unknown;
}

/** The page model of `messages`; a history that cannot be read comes back with `error` set. */
export function conversationView(
  messages: readonly unknown[],
  options: ConversationViewOptions = {},
): ConversationView {
  const format = options.format ?? 'openai-chat';
  const provider = options.provider ?? format;
  const base = {
    title: options.title ?? 'Conversation',
    format,
    provider,
    arrayName: adapterFor(format).messagesKey,
    ...(options.note === undefined ? {} : { note: options.note }),
  };
  try {
    const rules = { format, provider, model: options.model, thinking: options.thinking };
    const { issues } = validateHistory(messages, rules);
    const pairing = pairToolCalls(messages, { format });
    const repair = issues.length === 0 ? undefined : repairHistory(messages, rules);
    const repaired =
      repair === undefined ? undefined : repairedView(format, messages, repair.messages);
    const views = messages.map((message, index) => viewMessage(format, message, index, pairing));
    // Ids as the messages carry them: the ids a reader or the repair makes up (Gemini) are not shown.
    const keys = idsAndNames([...views, ...(repaired ?? [])]);
    return {
      ...base,
      messages: views,
      issues: issues.map((issue) => ({
        messageIndex: issue.messageIndex,
        partIndex: issue.partIndex,
        callIds:
          'toolCallId' in issue
            ? [issue.toolCallId]
            : 'toolCallIds' in issue
              ? issue.toolCallIds
              : [],
        code: issue.code,
        message: issue.message,
      })),
      fixes: (repair?.fixes ?? []).map(({ messageIndex, callId, kind, message }) => ({
        messageIndex,
        callId: keys.has(callId) ? callId : '',
        kind,
        message,
      })),
      repaired,
      keys: [...keys].filter((key) => key !== ''),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const raw = messages.map((message, index) => ({
      index,
      role: roleOf(message),
      raw: message,
      parts: [],
      synthesized: false,
    }));
    return {
      ...base,
      messages: raw,
      issues: [],
      fixes: [],
      repaired: undefined,
      keys: [],
      error: reason,
    };
  }
}

/** The call ids and tool names the messages show. */
function idsAndNames(messages: readonly ViewMessage[]): Set<string> {
  const found = new Set<string>();
  for (const { parts } of messages)
    for (const part of parts)
      if (part.kind === 'call' || part.kind === 'result') found.add(part.callId).add(part.name);
  return found;
}

/** The repaired history: an input index for a message the repair kept (the same object or JSON). */
function repairedView(
  format: MessageFormat,
  input: readonly unknown[],
  output: readonly unknown[],
): RepairedMessage[] {
  const places = new Map<unknown, number>();
  input.forEach((message, index) => {
    places.set(message, index);
    places.set(JSON.stringify(message), index);
  });
  const pairing = pairToolCalls(output, { format });
  return output.map((message, index) => {
    const view = viewMessage(format, message, index, pairing);
    const kept = places.get(message) ?? places.get(JSON.stringify(message));
    // A kept message's JSON is the input's: the page takes it from there.
    return kept === undefined ? view : { ...view, raw: undefined, keptFrom: kept };
  });
}

function viewMessage(
  format: MessageFormat,
  message: unknown,
  index: number,
  pairing: ToolCallPairs,
): ViewMessage {
  // Read alone, with no made-up ids: calls and results are matched to the pairing by position.
  const read = adapterFor(format).read([message], { generateId: () => '' }).messages;
  const calls = pairing.pairs.filter((pair) => pair.callMessageIndex === index);
  const answers = pairing.pairs.filter((pair) => pair.result?.messageIndex === index);
  const orphans = pairing.unpaired.filter((result) => result.messageIndex === index);
  const parts = read.flatMap((neutral): ViewPart[] => partsOf(neutral, locator(message)));
  let call = 0;
  const matched = parts.map((part): ViewPart => {
    if (part.kind === 'call') {
      const pair = calls[call++];
      if (pair === undefined) return part;
      return {
        ...part,
        status: pair.status,
        resultIndex: pair.result?.messageIndex,
        result: pair.result === undefined ? undefined : clip(pair.result.content, PREVIEW),
      };
    }
    if (part.kind !== 'result') return part;
    const byId = answers.findIndex((pair) => pair.callId === part.callId && part.callId !== '');
    const orphan = orphans.findIndex((result) => result.callId === part.callId);
    if (byId < 0 && orphan >= 0) return { ...part, callIndex: undefined };
    const pair = answers.splice(byId < 0 ? 0 : byId, 1)[0];
    return { ...part, callIndex: pair?.callMessageIndex };
  });
  const meta = isObject(message) && isObject(message.meta) ? message.meta : undefined;
  // aiwrapper's mark on a call turn its integration inserted (src/aiwrapper/meta-keys.ts).
  const synthesized =
    meta?.synthesizedToolCalls !== undefined && meta.synthesizedToolCalls !== false;
  return { index, role: roleOf(message), raw: message, parts: matched, synthesized };
}

/** A string piece's place in `raw` when the place is shorter than the piece; else the piece, clipped. */
type Locate = (value: unknown, key: string) => Record<string, unknown>;

function locator(raw: unknown): Locate {
  return (value, key) => {
    const shown = clip(value);
    const at = typeof value === 'string' ? pathTo(raw, value, 0) : undefined;
    return at !== undefined && JSON.stringify(at).length < JSON.stringify(shown).length
      ? { at }
      : { [key]: shown };
  };
}

/** The path of the first string in `value` equal to `text`. */
function pathTo(value: unknown, text: string, depth: number): ViewPath | undefined {
  if (value === text) return [];
  if (depth > 6 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = pathTo(item, text, depth + 1);
    if (found !== undefined) return [Array.isArray(value) ? Number(key) : key, ...found];
  }
  return undefined;
}

function partsOf(message: HistoryMessage, locate: Locate): ViewPart[] {
  switch (message.role) {
    case 'system':
      return [{ kind: 'text', ...locate(message.text, 'text') }];
    case 'tool':
      return message.results.map((result) => ({
        kind: 'result',
        callId: result.callId,
        name: result.name,
        ...locate(result.content, 'content'),
        isError: result.isError,
        placeholder: placeholder(result.content),
        callIndex: undefined,
        images: (result.parts ?? []).flatMap(mediaImage),
      }));
    case 'user':
    case 'assistant':
      return message.parts.map((part): ViewPart => {
        if (part.type === 'text') return { kind: 'text', ...locate(part.text, 'text') };
        if (part.type === 'tool-call')
          return {
            kind: 'call',
            callId: part.callId,
            name: part.name,
            ...locate(part.argumentsText ?? part.arguments, 'arguments'),
            status: 'pending',
          };
        return blockOf(part.value);
      });
  }
}

/** Characters of a piece shown beside its message's JSON (which holds the rest), of a result beside its call. */
const SHOWN = 1000;
const PREVIEW = 200;

/** `value`, or its first `shown` characters (as text) when longer: a long history is not stored twice. */
function clip<T>(value: T, shown = SHOWN): T | string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (typeof text !== 'string' || text.length <= shown) return value;
  // Never cut a surrogate pair in two.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(shown - 1)) ? shown - 1 : shown;
  return `${text.slice(0, end)}… (${(text.length - end).toLocaleString('en-US')} more characters: see the message JSON)`;
}

const REASONING = /thinking|reasoning/i;
const SERVER_TOOL =
  /server_tool|web_search|web_fetch|code_execution|code_interpreter|file_search|computer|mcp|image_generation|executableCode|codeExecutionResult|tool-approval/i;

/** A block the neutral model keeps opaque: reasoning, a server tool, an image, or other. */
function blockOf(value: unknown): ViewPart {
  const label =
    isObject(value) && typeof value.type === 'string'
      ? value.type
      : isObject(value)
        ? Object.keys(value).join(', ')
        : typeof value;
  const image = imageIn(value, 0);
  const thought = isObject(value) && value.thought === true;
  const kind =
    thought || REASONING.test(label)
      ? 'reasoning'
      : SERVER_TOOL.test(label)
        ? 'server-tool'
        : 'block';
  return { kind, label, value: clip(value), ...(image === undefined ? {} : { image }) };
}

const IMAGE_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/;

/** The first inline image in a block, as a data URL: a data URL itself, or base64 with a media type. */
function imageIn(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return IMAGE_URL.test(value) ? value : undefined;
  if (depth > 4 || typeof value !== 'object' || value === null) return undefined;
  if (!Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const type = record.media_type ?? record.mimeType ?? record.mediaType;
    const data = record.data ?? record.image;
    if (typeof type === 'string' && typeof data === 'string') {
      const url = `data:${type};base64,${data}`;
      if (IMAGE_URL.test(url)) return url;
    }
  }
  for (const item of Object.values(value)) {
    const found = imageIn(item, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function mediaImage(part: ResultPart): string[] {
  if (part.type !== 'image' || part.data === undefined) return [];
  const url = `data:${part.mediaType ?? 'image/png'};base64,${part.data}`;
  return IMAGE_URL.test(url) ? [url] : [];
}

/** A placeholder result, whether its content is the value or its JSON text. */
function placeholder(content: JsonValue): boolean {
  if (isPlaceholderResult(content)) return true;
  if (typeof content !== 'string' || !content.startsWith('{')) return false;
  try {
    return isPlaceholderResult(JSON.parse(content));
  } catch {
    return false;
  }
}

/** The message's own role, else its item type (Responses), else `user` (a Gemini content without one). */
function roleOf(message: unknown): string {
  if (!isObject(message)) return typeof message;
  if (typeof message.role === 'string') return message.role;
  if (typeof message.type === 'string') return message.type;
  return 'user';
}
