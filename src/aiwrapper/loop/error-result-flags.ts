import { Lang } from 'aiwrapper';

// aiwrapper 3.0.3's Anthropic adapter writes every `tool_result` without `is_error`, so a model
// reads a failed call's error as the tool's output. The loop marks its failed results `isError:
// true` (a field aiwrapper keeps and JSON carries); this sends the mark as `is_error: true`.

// Symbol.for: a second copy of this package sees the first one's wrapper and leaves it alone.
const WRAPPED = Symbol.for('aiwrapper-tool-calls.wrapped-anthropic-results');

type MapToolResultItems = (this: unknown, message: unknown, ...rest: unknown[]) => unknown;

/** Makes `Lang.anthropic` send `is_error: true` for results marked `isError: true`. Idempotent. */
export function installErrorResultFlags(): void {
  let prototype: unknown;
  try {
    prototype = Object.getPrototypeOf(Lang.anthropic({ apiKey: 'probe' })) as unknown;
  } catch {
    return;
  }
  while (
    typeof prototype === 'object' &&
    prototype !== null &&
    !Object.hasOwn(prototype, 'mapToolResultItems')
  )
    prototype = Object.getPrototypeOf(prototype) as unknown;
  if (typeof prototype !== 'object' || prototype === null) return;
  const owner = prototype as Record<PropertyKey, unknown>;
  const original = owner.mapToolResultItems as MapToolResultItems & { [WRAPPED]?: true };
  if (typeof original !== 'function' || original[WRAPPED] === true) return;
  const mapToolResultItems = function mapToolResultItems(
    this: unknown,
    message: unknown,
    ...rest: unknown[]
  ): unknown {
    return withErrorFlags(message, original.call(this, message, ...rest));
  };
  Object.defineProperty(mapToolResultItems, WRAPPED, { value: true });
  Object.defineProperty(owner, 'mapToolResultItems', {
    value: mapToolResultItems,
    enumerable: false,
    configurable: true,
    writable: true,
  });
}

/** The blocks, with `is_error: true` on those whose item is marked; the blocks as given when none is. */
function withErrorFlags(message: unknown, blocks: unknown): unknown {
  const items = (message as { readonly items?: unknown } | null)?.items;
  if (!Array.isArray(items) || !Array.isArray(blocks)) return blocks;
  // Made for the first marked item only: this runs for every results message of every request.
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
