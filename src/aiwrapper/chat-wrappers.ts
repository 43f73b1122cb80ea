// Symbol.for keys: a second copy of this package sees the first one's wrappers.
const INNER = Symbol.for('aiwrapper-tool-calls.inner-chat');

/** A provider's `chat`, possibly one of this package's wrappers (which carry markers and `INNER`). */
type MarkedFunction = ((...args: never[]) => unknown) & Readonly<Record<symbol, unknown>>;

/**
 * Whether `chat`, or a `chat` it wraps through this package's wrappers, carries `marker`: the
 * package's two wrappers (the tool-call options and the provider errors) may be installed in
 * either order, each once.
 */
export function isWrappedWith(chat: unknown, marker: symbol): boolean {
  let current: unknown = chat;
  while (typeof current === 'function') {
    const layer = current as MarkedFunction;
    if (layer[marker] === true) return true;
    current = layer[INNER];
  }
  return false;
}

/**
 * Makes `wrapper` the `chat` of `prototype`, marked with `marker` and linked to the function it
 * wraps (`original`), non-enumerable as aiwrapper's own methods are.
 */
export function installChatWrapper(
  prototype: Record<PropertyKey, unknown>,
  original: unknown,
  wrapper: object,
  marker: symbol,
): void {
  Object.defineProperty(wrapper, marker, { value: true });
  Object.defineProperty(wrapper, INNER, { value: original });
  Object.defineProperty(prototype, 'chat', {
    value: wrapper,
    enumerable: false,
    configurable: true,
    writable: true,
  });
}
