import { patchMethod } from './provider-prototypes.js';

// aiwrapper 3.0.3's Responses adapter writes calls inside a message's `content`; the API takes
// them only as top-level `input` items ("No tool call found for function call output …").
// Every request body is built by `buildRequestBody`, so wrapping it fixes every path.

/** Makes `Lang.openai`'s bodies carry calls as top-level items; others stay byte-identical. */
export function installResponsesInputFix(): void {
  patchMethod(
    'buildRequestBody',
    Symbol.for('aiwrapper-tool-calls.wrapped-responses-body'),
    (original) =>
      function buildRequestBody(this: unknown, ...parameters: unknown[]): unknown {
        return withTopLevelFunctionCalls(original.apply(this, parameters));
      },
    'openai-responses',
  );
}

function withTopLevelFunctionCalls(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { input } = body as { input?: unknown };
  if (!Array.isArray(input)) return body;
  const lifted = liftFunctionCalls(input);
  // A spread keeps `input` where it was among the keys: only its value changes.
  return lifted === input ? body : { ...body, input: lifted };
}

/** Lifts each `function_call` in a message's `content` to a top-level item, splitting the message. */
export function liftFunctionCalls(input: readonly unknown[]): readonly unknown[] {
  let output: unknown[] | undefined;
  for (let index = 0; index < input.length; index++) {
    const item = input[index];
    const parts = nestedCallParts(item);
    if (parts === undefined) {
      output?.push(item);
      continue;
    }
    output ??= input.slice(0, index);
    let run: unknown[] = [];
    for (const part of parts) {
      if (!isFunctionCall(part)) {
        run.push(part);
        continue;
      }
      if (run.length > 0) output.push({ ...(item as object), content: run });
      run = [];
      // aiwrapper's part is already the item's shape: type, call_id, name, arguments.
      output.push(part);
    }
    if (run.length > 0) output.push({ ...(item as object), content: run });
  }
  return output ?? input;
}

/** The `content` of a message item (a role, no type or type 'message') holding a `function_call`. */
function nestedCallParts(item: unknown): readonly unknown[] | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { type, role, content } = item as { type?: unknown; role?: unknown; content?: unknown };
  if (typeof role !== 'string' || (type !== undefined && type !== 'message')) return undefined;
  if (!Array.isArray(content)) return undefined;
  const parts: readonly unknown[] = content;
  return parts.some(isFunctionCall) ? parts : undefined;
}

function isFunctionCall(part: unknown): boolean {
  return (
    typeof part === 'object' &&
    part !== null &&
    (part as { type?: unknown }).type === 'function_call'
  );
}

/** Makes `Lang.anthropic` send `is_error: true` for results marked `isError` (aiwrapper 3.0.3 drops it). */
export function installErrorResultFlags(): void {
  patchMethod(
    'mapToolResultItems',
    Symbol.for('aiwrapper-tool-calls.wrapped-anthropic-results'),
    (original) =>
      function mapToolResultItems(this: unknown, message: unknown, ...rest: unknown[]): unknown {
        return withErrorFlags(message, original.call(this, message, ...rest));
      },
    'anthropic',
  );
}

function withErrorFlags(message: unknown, blocks: unknown): unknown {
  const items = (message as { readonly items?: unknown } | null)?.items;
  if (!Array.isArray(items) || !Array.isArray(blocks)) return blocks;
  let failed: Set<unknown> | undefined;
  for (const item of items as unknown[]) {
    const record = item as { readonly isError?: unknown; readonly callId?: unknown } | null;
    if (record?.isError === true) (failed ??= new Set()).add(record.callId);
  }
  if (failed === undefined) return blocks;
  return (blocks as unknown[]).map((block) => {
    const id = (block as { readonly tool_use_id?: unknown } | null)?.tool_use_id;
    return failed.has(id) ? { ...(block as object), is_error: true } : block;
  });
}
