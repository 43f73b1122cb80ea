import { z } from 'zod';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import { describe, zodDetail } from './tool-call-input.js';

/**
 * A tool result in any shape users hold: aiwrapper `ToolResult` (`toolId`) or `tool-result`
 * item (`callId`), an OpenAI `tool` message, a Vercel AI SDK `tool-result` part, an Anthropic
 * `tool_result` block. The id may be missing, when no call had one.
 */
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

/** A result read from user input. */
export interface PendingResult {
  readonly callId: string | undefined;
  readonly name: string | undefined;
  readonly result: unknown;
  readonly isError: boolean;
}

const id = z.string().optional();
const name = z.string().optional();
const openAIResult = z.looseObject({
  role: z.literal('tool'),
  tool_call_id: id,
  name,
  content: z.unknown().optional(),
});
const vercelResult = z.looseObject({
  type: z.literal('tool-result'),
  toolCallId: id,
  toolName: name,
  output: z.unknown().optional(),
  result: z.unknown().optional(),
  isError: z.boolean().optional(),
});
const anthropicResult = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: id,
  content: z.unknown().optional(),
  is_error: z.boolean().optional(),
});
const aiwrapperItem = z.looseObject({
  type: z.literal('tool-result').optional(),
  callId: id,
  name,
  result: z.unknown().optional(),
});
const aiwrapperResult = z.looseObject({ toolId: id, name, result: z.unknown().optional() });

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function isErrorValue(result: unknown): boolean {
  return (
    typeof result === 'object' &&
    result !== null &&
    (result as Record<string, unknown>).error === true
  );
}

function normalize(value: unknown, path: string): PendingResult {
  const fail = (detail: string): never => {
    throw new ToolHistoryError(
      'invalid-input',
      `${path} is not a tool result (${detail}). Pass aiwrapper {toolId, name, result} or {type: 'tool-result', callId, name, result}, an OpenAI {role: 'tool', tool_call_id, content}, Vercel {type: 'tool-result', toolCallId, toolName, output} or Anthropic {type: 'tool_result', tool_use_id, content}.`,
    );
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail(`${path} is ${describe(value)}`);
  const record = value as Record<string, unknown>;
  const parse = <T>(schema: z.ZodType<T>): T => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : fail(zodDetail(parsed.error, path));
  };
  const read = (
    id: string | undefined,
    name: string | undefined,
    result: unknown,
    isError: boolean,
  ): PendingResult => ({ callId: nonEmpty(id), name: nonEmpty(name), result, isError });
  if (record.role === 'tool') {
    const result = parse(openAIResult);
    return read(result.tool_call_id, result.name, result.content, false);
  }
  if (record.type === 'tool_result') {
    const result = parse(anthropicResult);
    return read(result.tool_use_id, undefined, result.content, result.is_error === true);
  }
  if (
    record.type === 'tool-result' &&
    ('toolCallId' in record || 'toolName' in record || 'output' in record)
  ) {
    const result = parse(vercelResult);
    const payload = 'output' in record ? result.output : result.result;
    return read(result.toolCallId, result.toolName, payload, result.isError === true);
  }
  if (!('result' in record))
    return fail(
      `${path}.result is missing; the object has ${Object.keys(record).join(', ') || 'no keys'}`,
    );
  if ('toolId' in record) {
    const result = parse(aiwrapperResult);
    return read(result.toolId, result.name, result.result, isErrorValue(result.result));
  }
  const result = parse(aiwrapperItem);
  return read(result.callId, result.name, result.result, isErrorValue(result.result));
}

/**
 * Reads tool results in any supported shape (validated with zod, this package's boundary).
 *
 * @throws {ToolHistoryError} code `invalid-input`, naming the index (`results[1]`) and the field.
 */
export function readToolResults(input: unknown, label = 'results'): PendingResult[] {
  if (!Array.isArray(input)) {
    throw new ToolHistoryError(
      'invalid-input',
      `${label} must be an array of tool results; got ${describe(input)}.`,
    );
  }
  // A loop, not map(): map skips the holes of a sparse array, and they must be reported.
  const results: ReturnType<typeof normalize>[] = [];
  for (let index = 0; index < input.length; index++)
    results.push(normalize(input[index], `${label}[${index}]`));
  return results;
}
