import {
  assertWritableJson,
  findUnwritableJson,
  MAX_JSON_VALUE_DEPTH,
} from '../../core/json-text.js';
import { z } from 'zod';
import { ToolHistoryError } from '../../errors/tool-history-error.js';

/**
 * A tool call in any shape users hold: aiwrapper `ToolRequest` or `tool` item, an OpenAI
 * `tool_calls` entry, a Vercel AI SDK `tool-call` part, an Anthropic `tool_use` block or a Gemini
 * `functionCall`. Ids are optional (Gemini and Ollama give none).
 */
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

/** A call read from user input: the id is `undefined` where the input had none (or an empty one). */
export interface PendingCall {
  readonly callId: string | undefined;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Argument text that did not parse to an object, kept verbatim. */
  readonly argumentsText?: string | undefined;
  /** Fields of an aiwrapper item beyond the standard ones (e.g. Gemini's `thoughtSignature`), kept. */
  readonly extra: Readonly<Record<string, unknown>>;
}

const id = z.string().optional();
const name = z.string().min(1, 'a tool call needs a non-empty name');

const openAICall = z.looseObject({
  id,
  type: z.literal('function').optional(),
  function: z.looseObject({ name, arguments: z.unknown().optional() }),
});
const vercelCall = z.looseObject({
  type: z.literal('tool-call'),
  toolCallId: id,
  toolName: name,
  input: z.unknown().optional(),
  args: z.unknown().optional(),
});
const anthropicCall = z.looseObject({
  type: z.literal('tool_use'),
  id,
  name,
  input: z.unknown().optional(),
});
const aiwrapperCall = z.looseObject({
  type: z.literal('tool').optional(),
  callId: id,
  name,
  arguments: z.unknown().optional(),
});
const geminiCall = z.looseObject({ id, name, args: z.unknown().optional() });

const AIWRAPPER_ITEM_KEYS = new Set(['type', 'callId', 'name', 'arguments']);

function parseArguments(
  raw: unknown,
  path: string,
): Pick<PendingCall, 'arguments' | 'argumentsText'> {
  if (raw === undefined || raw === null || raw === '') return { arguments: {} };
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      // Text nested too deep to write back is kept as sent, like malformed text.
      const tooDeep = raw.length > MAX_JSON_VALUE_DEPTH && findUnwritableJson(parsed) !== undefined;
      if (isRecord(parsed) && !tooDeep) return { arguments: parsed };
    } catch {
      // Malformed argument text is kept verbatim below, never dropped.
    }
    return { arguments: {}, argumentsText: raw };
  }
  assertWritableJson(raw, path);
  if (isRecord(raw)) return { arguments: raw };
  return { arguments: {}, argumentsText: JSON.stringify(raw) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function pick(value: unknown): z.ZodType | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case 'tool-call':
      return vercelCall;
    case 'tool_use':
      return anthropicCall;
    case 'function':
      return openAICall;
    case 'tool':
      return aiwrapperCall;
    default:
      if ('function' in value) return openAICall;
      if ('args' in value && !('arguments' in value)) return geminiCall;
      return aiwrapperCall;
  }
}

function notACall(path: string, detail: string): ToolHistoryError {
  return new ToolHistoryError(
    'invalid-input',
    `${path} is not a tool call (${detail}). Pass aiwrapper {callId, name, arguments}, OpenAI {id, function: {name, arguments}}, Vercel {type: 'tool-call', toolCallId, toolName, input}, Anthropic {type: 'tool_use', id, name, input} or Gemini {id?, name, args}.`,
  );
}

/** Parses `value` with `schema`, or throws naming where it is not a call. */
function parseWith<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw notACall(path, zodDetail(parsed.error, path));
  return parsed.data;
}

function normalize(value: unknown, path: string): PendingCall {
  const schema = pick(value);
  if (!schema) throw notACall(path, `${path} is ${describe(value)}`);
  const read = (id: string | undefined, name: string, raw: unknown, at: string): PendingCall => ({
    callId: nonEmpty(id),
    name,
    ...parseArguments(raw, `${path}${at}`),
    extra: {},
  });
  if (schema === openAICall) {
    const call = parseWith(openAICall, value, path);
    return read(call.id, call.function.name, call.function.arguments, '.function.arguments');
  }
  if (schema === vercelCall) {
    const call = parseWith(vercelCall, value, path);
    return read(call.toolCallId, call.toolName, call.input ?? call.args, '.input');
  }
  if (schema === anthropicCall) {
    const call = parseWith(anthropicCall, value, path);
    return read(call.id, call.name, call.input, '.input');
  }
  if (schema === geminiCall) {
    const call = parseWith(geminiCall, value, path);
    return read(call.id, call.name, call.args, '.args');
  }
  const call = parseWith(aiwrapperCall, value, path);
  const extra = Object.fromEntries(
    Object.entries(call).filter(([key]) => !AIWRAPPER_ITEM_KEYS.has(key)),
  );
  // The pre-3.0 aiwrapper ToolRequest carried the id as `id`.
  const legacyId = typeof call.id === 'string' && call.callId === undefined ? call.id : undefined;
  if (legacyId !== undefined) delete extra.id;
  return { ...read(call.callId ?? legacyId, call.name, call.arguments, '.arguments'), extra };
}

/** Describes a value for an error message without dumping it whole. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object')
    return `an object with keys ${Object.keys(value).slice(0, 6).join(', ') || '(none)'}`;
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return `the ${typeof value} ${value.toString()}`;
  return typeof value;
}

/**
 * Reads tool calls in any supported shape (validated with zod, this package's boundary).
 *
 * @throws {ToolHistoryError} code `invalid-input`, naming the index (`tools[2]`) and the field.
 */
export function readToolCalls(input: unknown, label = 'tools'): PendingCall[] {
  if (!Array.isArray(input)) {
    throw new ToolHistoryError(
      'invalid-input',
      `${label} must be an array of tool calls; got ${describe(input)}.`,
    );
  }
  // A loop, not map(): map skips the holes of a sparse array, and they must be reported.
  const calls: PendingCall[] = [];
  for (let index = 0; index < input.length; index++)
    calls.push(normalize(input[index], `${label}[${index}]`));
  return calls;
}

/** Formats zod issues as `path.to.field: message; …`, prefixed with where the value was. */
export function zodDetail(error: z.ZodError, where: string): string {
  return error.issues
    .map(
      (issue) =>
        `${[where, ...issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))].join('').replaceAll('.[', '[')}: ${issue.message}`,
    )
    .join('; ');
}
