import { describeType, isObject, type JsonObject } from '../../core/input-guards.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import {
  parseArgumentsText,
  parseArgumentsValue,
  type ParsedArguments,
} from '../../formats/shared/arguments-text.js';

/** A tool call in the shape of aiwrapper, OpenAI, the Vercel AI SDK, Anthropic or Gemini; ids optional. */
export type ToolCallInput =
  | {
      readonly type?: 'tool' | undefined;
      readonly callId?: string | undefined;
      readonly name: string;
      readonly arguments?: unknown;
    }
  | {
      readonly id?: string | undefined;
      readonly type?: 'function' | undefined;
      readonly function: { readonly name: string; readonly arguments?: unknown };
    }
  | {
      readonly type: 'tool-call';
      readonly toolCallId?: string | undefined;
      readonly toolName: string;
      readonly input?: unknown;
      readonly args?: unknown;
    }
  | {
      readonly type: 'tool_use';
      readonly id?: string | undefined;
      readonly name: string;
      readonly input?: unknown;
    }
  | { readonly id?: string | undefined; readonly name: string; readonly args?: unknown };

/** A tool result in the shape of aiwrapper, OpenAI, the Vercel AI SDK or Anthropic; ids optional. */
export type ToolResultInput =
  | {
      readonly toolId?: string | undefined;
      readonly name?: string | undefined;
      readonly result: unknown;
    }
  | {
      readonly type?: 'tool-result' | undefined;
      readonly callId?: string | undefined;
      readonly name?: string | undefined;
      readonly result: unknown;
    }
  | {
      readonly role: 'tool';
      readonly tool_call_id?: string | undefined;
      readonly name?: string | undefined;
      readonly content: unknown;
    }
  | {
      readonly type: 'tool-result';
      readonly toolCallId?: string | undefined;
      readonly toolName?: string | undefined;
      readonly output?: unknown;
      readonly result?: unknown;
      readonly isError?: boolean | undefined;
    }
  | {
      readonly type: 'tool_result';
      readonly tool_use_id?: string | undefined;
      readonly content?: unknown;
      readonly is_error?: boolean | undefined;
    };

/** A call read from user input; `extra` keeps an aiwrapper item's other fields. */
export interface PendingCall extends ParsedArguments {
  readonly callId: string | undefined;
  readonly name: string;
  readonly extra: Readonly<Record<string, unknown>>;
}

/** A result read from user input. */
export interface PendingResult {
  readonly callId: string | undefined;
  readonly name: string | undefined;
  readonly result: unknown;
}

/** One accepted shape: when it applies, and which keys (dotted paths) hold the id, name and value. */
interface Shape {
  readonly when: (value: JsonObject) => boolean;
  /** The first key present is read: aiwrapper's pre-3.0 `ToolRequest` carried the id as `id`. */
  readonly id: readonly string[];
  readonly name?: string;
  readonly value: readonly string[];
  /** An aiwrapper item: its other fields are kept (e.g. Gemini's `thoughtSignature`). */
  readonly keepsExtra?: true;
}

const CALL_SHAPES: readonly Shape[] = [
  {
    when: (v) => v.type === 'tool-call',
    id: ['toolCallId'],
    name: 'toolName',
    value: ['input', 'args'],
  },
  { when: (v) => v.type === 'tool_use', id: ['id'], name: 'name', value: ['input'] },
  {
    when: (v) => v.type === 'function' || (v.type === undefined && 'function' in v),
    id: ['id'],
    name: 'function.name',
    value: ['function.arguments'],
  },
  {
    when: (v) => v.type === undefined && 'args' in v && !('arguments' in v),
    id: ['id'],
    name: 'name',
    value: ['args'],
  },
  {
    when: (v) => v.type === undefined || v.type === 'tool',
    id: ['callId', 'id'],
    name: 'name',
    value: ['arguments'],
    keepsExtra: true,
  },
];

const RESULT_SHAPES: readonly Shape[] = [
  { when: (v) => v.role === 'tool', id: ['tool_call_id'], name: 'name', value: ['content'] },
  { when: (v) => v.type === 'tool_result', id: ['tool_use_id'], value: ['content'] },
  {
    when: (v) =>
      v.type === 'tool-result' && ('toolCallId' in v || 'toolName' in v || 'output' in v),
    id: ['toolCallId'],
    name: 'toolName',
    value: ['output', 'result'],
  },
  { when: (v) => 'toolId' in v && 'result' in v, id: ['toolId'], name: 'name', value: ['result'] },
  {
    when: (v) => (v.type === undefined || v.type === 'tool-result') && 'result' in v,
    id: ['callId'],
    name: 'name',
    value: ['result'],
  },
];

const SHAPES = {
  call: "Pass aiwrapper {callId, name, arguments}, OpenAI {id, function: {name, arguments}}, Vercel {type: 'tool-call', toolCallId, toolName, input}, Anthropic {type: 'tool_use', id, name, input} or Gemini {id?, name, args}.",
  result:
    "Pass aiwrapper {toolId, name, result} or {type: 'tool-result', callId, name, result}, an OpenAI {role: 'tool', tool_call_id, content}, Vercel {type: 'tool-result', toolCallId, toolName, output} or Anthropic {type: 'tool_result', tool_use_id, content}.",
};

type Kind = keyof typeof SHAPES;

function notA(kind: Kind, path: string, detail: string): ToolHistoryError {
  return new ToolHistoryError(
    'invalid-input',
    `${path} is not a tool ${kind} (${detail}). ${SHAPES[kind]}`,
  );
}

/** The value at a dotted `key` of `value`, or `undefined`. */
function at(value: JsonObject, key: string): unknown {
  let found: unknown = value;
  for (const step of key.split('.')) found = isObject(found) ? found[step] : undefined;
  return found;
}

/** The first of `keys` holding a value other than `undefined`. */
function firstKey(value: JsonObject, keys: readonly string[]): string | undefined {
  return keys.find((key) => at(value, key) !== undefined);
}

/** Reads one call or result by the shape it matches; throws naming the index and the field. */
function read(kind: Kind, shapes: readonly Shape[], value: unknown, path: string) {
  if (!isObject(value)) throw notA(kind, path, `${path} is ${describeType(value)}`);
  const shape = shapes.find((candidate) => candidate.when(value));
  if (shape === undefined)
    throw notA(kind, path, `it has ${Object.keys(value).join(', ') || 'no keys'}`);
  const string = (key: string, required: boolean): string | undefined => {
    const found = at(value, key);
    if (found === undefined && !required) return undefined;
    if (typeof found === 'string' && (found !== '' || !required)) return found || undefined;
    throw notA(kind, path, `${path}.${key} is ${describeType(found)}, not a non-empty string`);
  };
  const idKey = firstKey(value, shape.id);
  const valueKey = firstKey(value, shape.value);
  const extra = shape.keepsExtra
    ? Object.fromEntries(
        Object.entries(value).filter(
          ([key]) => !['type', idKey, 'name', 'arguments'].includes(key),
        ),
      )
    : {};
  return {
    callId: idKey === undefined ? undefined : string(idKey, false),
    name: shape.name === undefined ? undefined : string(shape.name, kind === 'call'),
    valueKey,
    raw: valueKey === undefined ? undefined : at(value, valueKey),
    extra,
  };
}

function readCall(value: unknown, path: string): PendingCall {
  const { callId, name = '', valueKey, raw, extra } = read('call', CALL_SHAPES, value, path);
  const parsed =
    raw === undefined || raw === null || raw === ''
      ? { arguments: {} }
      : typeof raw === 'string'
        ? parseArgumentsText(raw)
        : parseArgumentsValue(raw, `${path}.${valueKey ?? ''}`);
  return { callId, name, ...parsed, extra };
}

function readResult(value: unknown, path: string): PendingResult {
  const { callId, name, raw } = read('result', RESULT_SHAPES, value, path);
  return { callId, name, result: raw };
}

function readList<T>(
  input: unknown,
  label: string,
  kind: Kind,
  readOne: (value: unknown, path: string) => T,
): T[] {
  if (!Array.isArray(input))
    throw new ToolHistoryError(
      'invalid-input',
      `${label} must be an array of tool ${kind}s; got ${describeType(input)}.`,
    );
  const list: T[] = [];
  for (let index = 0; index < input.length; index++)
    list.push(readOne(input[index], `${label}[${index}]`));
  return list;
}

/** Reads tool calls in any supported shape; throws `invalid-input` naming the index and field. */
export function readToolCalls(input: unknown): PendingCall[] {
  return readList(input, 'tools', 'call', readCall);
}

/** Reads tool results in any supported shape; throws `invalid-input` naming the index and field. */
export function readToolResults(input: unknown): PendingResult[] {
  return readList(input, 'results', 'result', readResult);
}
