import { createCallId } from '../core/call-id.js';
import { isJsonText } from '../core/json-text.js';
import { defineMethod } from './provider-prototypes.js';

// aiwrapper 3.0.3's stream handlers keep only parsed arguments and merge calls sharing an id; the
// loop hooks the handler prototype (`this` of the first `onResult`) to see what the model sent.

const loopHandlers = new WeakSet();

// Per call item of the loop's own requests: the argument text and (when replaced) the id sent.
const sentText = new WeakMap<object, string>();
const sentId = new WeakMap<object, string>();

/** The argument text the model sent for this call item, when aiwrapper's handler saw it. */
export const sentArgumentsText = (item: object): string | undefined => sentText.get(item);

/** The id the model sent for this call item, when it was replaced while streaming. */
export const sentCallId = (item: object): string | undefined => sentId.get(item);

// Symbol.for: a second copy of this package sees the first one's wrapper and leaves it alone.
const WRAPPED = Symbol.for('aiwrapper-tool-calls.wrapped-stream-handler');

type Method = (this: Handler, ...parameters: unknown[]) => unknown;

/** The fields of aiwrapper's stream handlers the hooks read. */
interface Handler {
  readonly toolArgBuffers?: Map<string, string>;
  readonly toolCallItems?: Map<string, object>;
  readonly toolCallIndexToId?: Map<number, string>;
  readonly toolBlocks?: Map<number, { readonly callId: string }>;
  readonly getNewMessageItem?: (id: unknown) => unknown;
}

/** Wraps `onResult` so that the handler calling it (its `this`) gets hooked. */
export function hookingOnResult<T extends unknown[]>(
  onResult: ((...parameters: T) => void) | undefined,
): (this: unknown, ...parameters: T) => void {
  return function hooked(this: unknown, ...parameters: T): void {
    hookHandler(this);
    onResult?.(...parameters);
  };
}

function hookHandler(handler: unknown): void {
  if (typeof handler !== 'object' || handler === null) return;
  loopHandlers.add(handler);
  const prototype = Object.getPrototypeOf(handler) as Record<PropertyKey, unknown> | null;
  if (prototype === null || Object.hasOwn(prototype, WRAPPED)) return;
  // Told apart by the methods the hooks wrap; any other `this` (none, or not a handler) is left be.
  const hook =
    typeof prototype.applyToolCallsDelta === 'function'
      ? hookChat
      : typeof prototype.applyToolDelta === 'function'
        ? hookAnthropic
        : typeof prototype.applyFunctionCall === 'function'
          ? hookResponses
          : undefined;
  if (hook === undefined) return;
  Object.defineProperty(prototype, WRAPPED, { value: true });
  hook(prototype);
}

/** Replaces `name` with `hook` for the loop's handlers; other handlers keep the original. */
function wrap(
  prototype: Record<PropertyKey, unknown>,
  name: string,
  hook: (this: Handler, original: Method, ...parameters: unknown[]) => unknown,
): void {
  const original = prototype[name];
  if (typeof original !== 'function') return;
  defineMethod(prototype, name, function loopOnly(this: Handler, ...parameters: unknown[]) {
    if (!loopHandlers.has(this)) return (original as Method).apply(this, parameters);
    return hook.call(this, original as Method, ...parameters);
  });
}

/** Per Chat handler: which `index` first used each id, and the id given to a later one. */
const chatIds = new WeakMap<
  object,
  { readonly firstIndex: Map<string, number>; readonly given: Map<number, string> }
>();

/** Chat Completions: a second index reusing another's id gets a fresh one; each call's text is recorded. */
function hookChat(prototype: Record<PropertyKey, unknown>): void {
  wrap(
    prototype,
    'applyToolCallsDelta',
    function (original, toolCalls: unknown, ...rest: unknown[]): unknown {
      if (!Array.isArray(toolCalls)) return original.call(this, toolCalls, ...rest);
      let ids = chatIds.get(this);
      if (ids === undefined) {
        // Hooked mid-response, earlier chunks are in the handler's own index map.
        ids = { firstIndex: new Map(), given: new Map() };
        for (const [index, id] of this.toolCallIndexToId ?? []) ids.firstIndex.set(id, index);
        chatIds.set(this, ids);
      }
      const replaced: [string, string][] = [];
      const calls = (toolCalls as unknown[]).map((call) => {
        const { id, index } = (call ?? {}) as { id?: unknown; index?: unknown };
        if (typeof id !== 'string' || id === '' || typeof index !== 'number') return call;
        const first = ids.firstIndex.get(id);
        if (first === undefined) ids.firstIndex.set(id, index);
        if (first === undefined || first === index) return call;
        let fresh = ids.given.get(index);
        if (fresh === undefined) ids.given.set(index, (fresh = createCallId()));
        replaced.push([fresh, id]);
        return { ...(call as object), id: fresh };
      });
      const result = original.call(this, calls, ...rest);
      for (const [fresh, id] of replaced) {
        const item = this.toolCallItems?.get(fresh);
        if (item !== undefined) sentId.set(item, id);
      }
      return result;
    },
  );
  wrap(
    prototype,
    'applyToolArgsDelta',
    function (original, id: unknown, ...rest: unknown[]): unknown {
      const result = original.call(this, id, ...rest);
      const item = typeof id === 'string' ? this.toolCallItems?.get(id) : undefined;
      const text = typeof id === 'string' ? this.toolArgBuffers?.get(id) : undefined;
      if (item !== undefined && text !== undefined) sentText.set(item, text);
      return result;
    },
  );
  // Hooked mid-response, a call's text may have come whole before the hook.
  wrap(prototype, 'finalizeToolArguments', function (original, ...parameters: unknown[]): unknown {
    for (const [id, text] of this.toolArgBuffers ?? []) {
      const item = this.toolCallItems?.get(id);
      if (item !== undefined) sentText.set(item, text);
    }
    return original.apply(this, parameters);
  });
}

/** Anthropic: each `tool_use` block's own text (the handler joins blocks sharing an id). */
function hookAnthropic(prototype: Record<PropertyKey, unknown>): void {
  wrap(prototype, 'applyToolDelta', function (original, index: unknown, delta: unknown): unknown {
    const item = typeof index === 'number' ? this.toolBlocks?.get(index) : undefined;
    const { partial_json: json, text } = (delta ?? {}) as {
      partial_json?: unknown;
      text?: unknown;
    };
    const piece = typeof json === 'string' ? json : typeof text === 'string' ? text : undefined;
    if (item !== undefined && piece !== undefined)
      sentText.set(item, (sentText.get(item) ?? '') + piece);
    return original.call(this, index, delta);
  });
  wrap(prototype, 'finalizeToolArguments', function (original, ...parameters: unknown[]): unknown {
    // A block whose text came whole in its start event: the buffer, unless its id is shared.
    const blocks = [...(this.toolBlocks?.values() ?? [])];
    const blocksOf = new Map<string, number>();
    for (const { callId } of blocks) blocksOf.set(callId, (blocksOf.get(callId) ?? 0) + 1);
    for (const item of blocks) {
      if (sentText.has(item) || blocksOf.get(item.callId) !== 1) continue;
      const text = this.toolArgBuffers?.get(item.callId);
      if (text !== undefined && text !== '') sentText.set(item, text);
    }
    return original.apply(this, parameters);
  });
}

/** Responses: each call's argument deltas, then its finished `arguments` text, are recorded. */
function hookResponses(prototype: Record<PropertyKey, unknown>): void {
  wrap(prototype, 'applyToolArgsDelta', function (original, data: unknown): unknown {
    const { item_id: id, delta } = (data ?? {}) as { item_id?: unknown; delta?: unknown };
    const item: unknown = this.getNewMessageItem?.(id);
    if (typeof item === 'object' && item !== null && typeof delta === 'string')
      sentText.set(item, (sentText.get(item) ?? '') + delta);
    return original.call(this, data);
  });
  wrap(
    prototype,
    'applyFunctionCall',
    function (original, response: unknown, target: unknown): unknown {
      const text = (response as { arguments?: unknown } | null)?.arguments;
      if (typeof text !== 'string' || typeof target !== 'object' || target === null)
        return original.call(this, response, target);
      sentText.set(target, text);
      // Text that does not parse goes in as `{}`, which aiwrapper would set after logging the error.
      return original.call(
        this,
        isJsonText(text) ? response : { ...(response as object), arguments: '{}' },
        target,
      );
    },
  );
}
