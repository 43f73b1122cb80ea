/* eslint-disable @typescript-eslint/only-throw-error -- throwing what is not an Error is the point */
import { fc } from '@fast-check/vitest';

// Values a tool handler (or a provider's request) may throw, reject with or return that break the
// naive ways of turning a value into text or JSON: `String(value)`, `instanceof`,
// `JSON.stringify`, reading `.message`. Shared by the loop's example tests and its properties.

/** A proxy whose every trap throws: `instanceof`, `in`, property reads and `String` all fail. */
function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function cycle(): Record<string, unknown> {
  const value: Record<string, unknown> = { name: 'loop' };
  value.self = value;
  return value;
}

function errorWith(fields: Record<string, unknown>): Error {
  const error = new Error('replaced');
  for (const [key, value] of Object.entries(fields))
    Object.defineProperty(error, key, { value, configurable: true });
  return error;
}

/** The names of the hostile values, which say what each is. */
export const HOSTILE_VALUE_NAMES = [
  'null-prototype object holding a BigInt',
  'revoked proxy',
  'bigint',
  'symbol',
  'function',
  'NaN',
  'Infinity',
  'cyclic object',
  'object with a throwing getter',
  'object whose toJSON throws on its second call',
  'object whose toJSON throws a revoked proxy',
  'object whose conversions to text throw',
  'Error whose message is a BigInt',
  'Error whose message is cyclic',
  'Error whose message is the error itself',
  'Error whose name is a Symbol',
  'Error whose message getter throws',
  'thenable that throws on `then` access',
  'thenable whose `then` throws',
  'Date and Map (class instances)',
] as const;
export type HostileValueName = (typeof HOSTILE_VALUE_NAMES)[number];

/** Each hostile value, built fresh (some count the reads made of them). */
export const HOSTILE_VALUES: Readonly<Record<HostileValueName, () => unknown>> = {
  'null-prototype object holding a BigInt': () =>
    Object.assign(Object.create(null) as object, { n: 1n }),
  'revoked proxy': revokedProxy,
  bigint: () => 10n,
  symbol: () => Symbol('hostile'),
  function: () => () => 1,
  NaN: () => NaN,
  Infinity: () => -Infinity,
  'cyclic object': cycle,
  'object with a throwing getter': () => ({
    get secret(): never {
      throw revokedProxy();
    },
  }),
  'object whose toJSON throws on its second call': () => {
    let calls = 0;
    return {
      toJSON(): unknown {
        calls++;
        if (calls > 1) throw new Error('toJSON called twice');
        return { calls };
      },
    };
  },
  'object whose toJSON throws a revoked proxy': () => ({
    toJSON(): never {
      throw revokedProxy();
    },
  }),
  'object whose conversions to text throw': () => ({
    toString(): never {
      throw revokedProxy();
    },
    [Symbol.toPrimitive](): never {
      throw revokedProxy();
    },
  }),
  'Error whose message is a BigInt': () => errorWith({ message: 7n }),
  'Error whose message is cyclic': () => errorWith({ message: cycle() }),
  'Error whose message is the error itself': () => {
    const error = new Error('self');
    Object.defineProperty(error, 'message', { value: error });
    return error;
  },
  'Error whose name is a Symbol': () => errorWith({ name: Symbol('name') }),
  'Error whose message getter throws': () => {
    const error = new Error('getter');
    Object.defineProperty(error, 'message', {
      get(): never {
        throw revokedProxy();
      },
    });
    return error;
  },
  'thenable that throws on `then` access': () => ({
    get then(): never {
      throw revokedProxy();
    },
  }),
  'thenable whose `then` throws': () => ({
    then(): never {
      throw new RangeError('then');
    },
  }),
  'Date and Map (class instances)': () => ({ at: new Date(0), map: new Map([[1, 2]]) }),
};

/** How to make one hostile value (made in the test: fast-check itself reads the values it holds). */
export interface HostileValue {
  readonly label: string;
  readonly make: () => unknown;
}

/** One of {@link HOSTILE_VALUES}, or any value fast-check makes (bigints and null prototypes too). */
export function hostileValue(): fc.Arbitrary<HostileValue> {
  return fc.oneof(
    fc.constantFrom(...Object.entries(HOSTILE_VALUES)).map(([label, make]) => ({ label, make })),
    fc
      .anything({
        withBigInt: true,
        withBoxedValues: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withNullPrototype: true,
        withObjectString: true,
        withSparseArray: true,
        withTypedArray: true,
        stringUnit: 'binary',
      })
      .map((value) => ({ label: fc.stringify(value), make: () => value })),
  );
}

/** How a handler hands over a value: returns it, throws it, rejects with it, or via a thenable. */
export const HANDLER_MODES = [
  'return',
  'throw',
  'reject',
  'resolve-later',
  'thenable-resolve',
  'thenable-reject',
] as const;
export type HandlerMode = (typeof HANDLER_MODES)[number];

/** A description of any value that never throws, for a test's findings. */
export function described(value: unknown): string {
  try {
    if (value instanceof Error) {
      // A thrown Error's message may be anything (a BigInt, a cyclic object).
      const message: unknown = value.message;
      return `${value.name}: ${String(message)}`.slice(0, 200);
    }
    const text = JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'bigint' ? `${String(inner)}n` : inner,
    ) as string | undefined;
    return text === undefined ? typeof value : text.slice(0, 200);
  } catch {
    return `<${typeof value}>`;
  }
}

/** A handler that hands over `value` the way `mode` says. */
export function handing(mode: HandlerMode, value: unknown): () => unknown {
  switch (mode) {
    case 'return':
      return () => value;
    case 'throw':
      return () => {
        throw value;
      };
    case 'reject':
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the point
      return () => Promise.reject(value);
    case 'resolve-later':
      return () =>
        new Promise((resolve) => {
          setTimeout(() => {
            resolve(value);
          }, 0);
        });
    case 'thenable-resolve':
      return () => ({
        then: (resolve: (value: unknown) => void) => {
          resolve(value);
        },
      });
    case 'thenable-reject':
      return () => ({
        then: (_resolve: unknown, reject: (reason: unknown) => void) => {
          reject(value);
        },
      });
  }
}

/** Markup that must stay text on an HTML page, and strings no page should choke on. */
export const HOSTILE_MARKUP: readonly string[] = [
  '<script>window.pwned = 1</script>',
  '</script><script>window.pwned = 2</script>',
  '</style><img src=x onerror="window.pwned = 3">',
  '<a href="javascript:window.pwned = 4">click</a>',
  '<svg onload="window.pwned = 5"></svg>',
  'lone \uD800 high',
  'lone \uDFFF low',
  'separators \u2028\u2029',
  '<!-- <script',
  '&lt;&amp;&#60;',
];

/** A hostile markup string, or any string of code units (lone surrogates included). */
export function hostileText(): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...HOSTILE_MARKUP), fc.string({ unit: 'binary', maxLength: 12 }));
}
