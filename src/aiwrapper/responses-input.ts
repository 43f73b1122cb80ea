import { Lang } from 'aiwrapper';

/*
 * aiwrapper 3.0.3's Responses adapter (`Lang.openai`) writes the calls of an assistant turn as
 * parts of the message's `content`: `{ role: 'assistant', content: [{ type: 'function_call', … }] }`.
 * The Responses API takes a call only as a top-level `input` item, so it cannot see such a call and
 * refuses its output: "No tool call found for function call output with call_id call_….".
 * aiwrapper's own loop hides this behind `previous_response_id` (the API already holds the calls);
 * every turn the API does not hold shows it: turns written with this package's helpers, synthesized
 * or repaired turns, a conversation reloaded from JSON, and aiwrapper's own retry after
 * `previous_response_not_found`, which resends the whole history.
 *
 * aiwrapper builds every request body, the retry's included, in one method of the provider's
 * prototype (`buildRequestBody`, declared private in its types but an ordinary prototype method):
 * wrapping it there fixes every path at once, with no import of aiwrapper's internal files.
 * aiwrapper keeps no reasoning item in the input (a stored reasoning item has no id or encrypted
 * content to send back), so there is nothing else to move.
 */

/** One item of a Responses `input`, as aiwrapper writes it. */
type InputItem = Readonly<Record<string, unknown>>;

// Symbol.for: a second copy of this package sees the first one's wrapper and leaves it alone.
const WRAPPED = Symbol.for('aiwrapper-tool-calls.wrapped-responses-body');

type BuildRequestBody = (this: unknown, ...parameters: unknown[]) => unknown;

/**
 * Makes `Lang.openai`'s request bodies carry function calls as top-level `function_call` items.
 * Bodies without a nested call (every body of a plain `chat()` loop) are returned as aiwrapper
 * built them, so they are byte-identical. Installing twice is harmless.
 */
export function installResponsesInputFix(): void {
  const prototype = requestBodyOwner();
  if (prototype === undefined) return;
  const original = prototype.buildRequestBody as BuildRequestBody & { [WRAPPED]?: true };
  if (original[WRAPPED]) return;
  const buildRequestBody = function buildRequestBody(
    this: unknown,
    ...parameters: unknown[]
  ): unknown {
    return withTopLevelFunctionCalls(original.apply(this, parameters));
  };
  Object.defineProperty(buildRequestBody, WRAPPED, { value: true });
  Object.defineProperty(prototype, 'buildRequestBody', {
    value: buildRequestBody,
    enumerable: false,
    configurable: true,
    writable: true,
  });
}

/** The prototype, reached from `Lang.openai(…)`, that defines `buildRequestBody`. */
function requestBodyOwner(): Record<PropertyKey, unknown> | undefined {
  let prototype: unknown;
  try {
    // No model named: the factory's default model is in aimodels' database, so nothing is logged.
    prototype = Object.getPrototypeOf(Lang.openai({ apiKey: 'probe' })) as unknown;
  } catch {
    return undefined;
  }
  while (typeof prototype === 'object' && prototype !== null && prototype !== Object.prototype) {
    const record = prototype as Record<PropertyKey, unknown>;
    if (Object.hasOwn(record, 'buildRequestBody'))
      return typeof record.buildRequestBody === 'function' ? record : undefined;
    prototype = Object.getPrototypeOf(prototype) as unknown;
  }
  return undefined;
}

/** `body` with its `input` passed through {@link liftFunctionCalls}; `body` itself when unchanged. */
function withTopLevelFunctionCalls(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { input } = body as { input?: unknown };
  if (!Array.isArray(input)) return body;
  const items: readonly unknown[] = input;
  const lifted = liftFunctionCalls(items);
  // A spread keeps `input` where it was among the keys: only its value changes.
  return lifted === items ? body : { ...body, input: lifted };
}

/**
 * Returns a Responses `input` in which every `function_call` nested in a message's `content` is a
 * top-level item instead, in its place: the parts before it stay in a message, the call follows,
 * and the parts after it go in a second message with the same fields. A message holding only calls
 * becomes those calls. Every other item is kept as the same object, and the input itself is
 * returned when no message holds a call.
 *
 * @example
 * liftFunctionCalls([{ role: 'assistant', content: [{ type: 'function_call', call_id: 'c' }] }]);
 * // → [{ type: 'function_call', call_id: 'c' }]
 */
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
    splitMessage(item as InputItem, parts, output);
  }
  return output ?? input;
}

/** The `content` of a message item that holds a `function_call` part, or `undefined`. */
function nestedCallParts(item: unknown): readonly unknown[] | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { type, role, content } = item as { type?: unknown; role?: unknown; content?: unknown };
  // A message item has a role, and no type or type 'message'; other items are left alone.
  if (typeof role !== 'string' || (type !== undefined && type !== 'message')) return undefined;
  if (!Array.isArray(content)) return undefined;
  const parts: readonly unknown[] = content;
  for (const part of parts) if (isFunctionCall(part)) return parts;
  return undefined;
}

function isFunctionCall(part: unknown): boolean {
  return (
    typeof part === 'object' &&
    part !== null &&
    (part as { type?: unknown }).type === 'function_call'
  );
}

/** Appends `message` to `output` as runs of its other parts, each a message, and its calls. */
function splitMessage(message: InputItem, parts: readonly unknown[], output: unknown[]): void {
  let run: unknown[] = [];
  for (const part of parts) {
    if (!isFunctionCall(part)) {
      run.push(part);
      continue;
    }
    if (run.length > 0) output.push({ ...message, content: run });
    run = [];
    // aiwrapper's part is already the item's shape: type, call_id, name, arguments.
    output.push(part);
  }
  if (run.length > 0) output.push({ ...message, content: run });
}
