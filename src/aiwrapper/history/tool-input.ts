import { z } from 'zod';
import { describeType, isObject } from '../../core/input-guards.js';
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

const id = z.string().optional();
const name = z.string().min(1, 'a tool call needs a non-empty name');
const optionalName = z.string().optional();
const value = z.unknown().optional();

const callShapes = {
  aiwrapper: z.object({ type: z.literal('tool').optional(), callId: id, name, arguments: value }),
  openai: z.object({
    id,
    type: z.literal('function').optional(),
    function: z.object({ name, arguments: value }),
  }),
  vercel: z.object({
    type: z.literal('tool-call'),
    toolCallId: id,
    toolName: name,
    input: value,
    args: value,
  }),
  anthropic: z.object({ type: z.literal('tool_use'), id, name, input: value }),
  gemini: z.object({ id, name, args: value }),
};

const resultShapes = {
  aiwrapper: z.object({ toolId: id, name: optionalName, result: z.unknown() }),
  item: z.object({
    type: z.literal('tool-result').optional(),
    callId: id,
    name: optionalName,
    result: z.unknown(),
  }),
  openai: z.object({
    role: z.literal('tool'),
    tool_call_id: id,
    name: optionalName,
    content: z.unknown(),
  }),
  vercel: z.object({
    type: z.literal('tool-result'),
    toolCallId: id,
    toolName: optionalName,
    output: value,
    result: value,
    isError: z.boolean().optional(),
  }),
  anthropic: z.object({
    type: z.literal('tool_result'),
    tool_use_id: id,
    content: value,
    is_error: z.boolean().optional(),
  }),
};

const AIWRAPPER_ITEM_KEYS = new Set(['type', 'callId', 'name', 'arguments']);

const SHAPES = {
  call: "Pass aiwrapper {callId, name, arguments}, OpenAI {id, function: {name, arguments}}, Vercel {type: 'tool-call', toolCallId, toolName, input}, Anthropic {type: 'tool_use', id, name, input} or Gemini {id?, name, args}.",
  result:
    "Pass aiwrapper {toolId, name, result} or {type: 'tool-result', callId, name, result}, an OpenAI {role: 'tool', tool_call_id, content}, Vercel {type: 'tool-result', toolCallId, toolName, output} or Anthropic {type: 'tool_result', tool_use_id, content}.",
};

type Kind = keyof typeof SHAPES;

function parse<T>(schema: z.ZodType<T>, value: unknown, path: string, kind: Kind): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((issue) => {
    const at = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`));
    return `${path}${at.join('')}: ${issue.message}`;
  });
  throw notA(kind, path, detail.join('; '));
}

function notA(kind: Kind, path: string, detail: string): ToolHistoryError {
  return new ToolHistoryError(
    'invalid-input',
    `${path} is not a tool ${kind} (${detail}). ${SHAPES[kind]}`,
  );
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === '' ? undefined : value;
}

function readCall(value: unknown, path: string): PendingCall {
  if (!isObject(value)) throw notA('call', path, `${path} is ${describeType(value)}`);
  const read = (id: string | undefined, name: string, raw: unknown, at: string): PendingCall => ({
    callId: nonEmpty(id),
    name,
    ...(raw === undefined || raw === null || raw === ''
      ? { arguments: {} }
      : typeof raw === 'string'
        ? parseArgumentsText(raw)
        : parseArgumentsValue(raw, `${path}${at}`)),
    extra: {},
  });
  const type = value.type;
  if (type === 'tool-call') {
    const call = parse(callShapes.vercel, value, path, 'call');
    return read(call.toolCallId, call.toolName, call.input ?? call.args, '.input');
  }
  if (type === 'tool_use') {
    const call = parse(callShapes.anthropic, value, path, 'call');
    return read(call.id, call.name, call.input, '.input');
  }
  if (type === 'function' || (type !== 'tool' && 'function' in value)) {
    const call = parse(callShapes.openai, value, path, 'call');
    return read(call.id, call.function.name, call.function.arguments, '.function.arguments');
  }
  if (type !== 'tool' && 'args' in value && !('arguments' in value)) {
    const call = parse(callShapes.gemini, value, path, 'call');
    return read(call.id, call.name, call.args, '.args');
  }
  const call = parse(callShapes.aiwrapper, value, path, 'call');
  const extra = Object.fromEntries(
    Object.entries(value).filter(([key]) => !AIWRAPPER_ITEM_KEYS.has(key)),
  );
  // The pre-3.0 aiwrapper ToolRequest carried the id as `id`.
  const legacyId = typeof value.id === 'string' && call.callId === undefined ? value.id : undefined;
  if (legacyId !== undefined) delete extra.id;
  return { ...read(call.callId ?? legacyId, call.name, call.arguments, '.arguments'), extra };
}

function readResult(value: unknown, path: string): PendingResult {
  if (!isObject(value)) throw notA('result', path, `${path} is ${describeType(value)}`);
  const read = (id: string | undefined, name: string | undefined, result: unknown) => ({
    callId: nonEmpty(id),
    name: nonEmpty(name),
    result,
  });
  if (value.role === 'tool') {
    const result = parse(resultShapes.openai, value, path, 'result');
    return read(result.tool_call_id, result.name, result.content);
  }
  if (value.type === 'tool_result') {
    const result = parse(resultShapes.anthropic, value, path, 'result');
    return read(result.tool_use_id, undefined, result.content);
  }
  if (
    value.type === 'tool-result' &&
    ('toolCallId' in value || 'toolName' in value || 'output' in value)
  ) {
    const result = parse(resultShapes.vercel, value, path, 'result');
    return read(
      result.toolCallId,
      result.toolName,
      'output' in value ? result.output : result.result,
    );
  }
  if (!('result' in value))
    throw notA(
      'result',
      path,
      `${path}.result is missing; the object has ${Object.keys(value).join(', ') || 'no keys'}`,
    );
  if ('toolId' in value) {
    const result = parse(resultShapes.aiwrapper, value, path, 'result');
    return read(result.toolId, result.name, result.result);
  }
  const result = parse(resultShapes.item, value, path, 'result');
  return read(result.callId, result.name, result.result);
}

function readList<T>(
  input: unknown,
  label: string,
  kind: Kind,
  read: (value: unknown, path: string) => T,
): T[] {
  if (!Array.isArray(input))
    throw new ToolHistoryError(
      'invalid-input',
      `${label} must be an array of tool ${kind}s; got ${describeType(input)}.`,
    );
  const list: T[] = [];
  for (let index = 0; index < input.length; index++)
    list.push(read(input[index], `${label}[${index}]`));
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
