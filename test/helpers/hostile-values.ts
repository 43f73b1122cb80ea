import type { HostilePlan, HostileValue } from '../arbitraries/hostile-loop-scripts.js';

// What the hostile handlers of the tool loop's fault property do, and the few readings of JSON
// the harness (hostile-loop-harness.ts) needs that must never throw.

/** Builds a fresh hostile value of the given kind. */
export function hostileValue(kind: HostileValue): unknown {
  switch (kind) {
    case 'null-proto-bigint': {
      const value = Object.create(null) as Record<string, unknown>;
      value.amount = 10n;
      return value;
    }
    case 'revoked-proxy': {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case 'symbol':
      return Symbol('hostile');
    case 'cyclic': {
      const value: Record<string, unknown> = { name: 'cyclic' };
      value.self = value;
      return value;
    }
    case 'error-bigint-message':
      return Object.defineProperty(new Error('x'), 'message', { value: 10n });
    case 'error-cyclic-message': {
      const message: Record<string, unknown> = {};
      message.self = message;
      return Object.defineProperty(new Error('x'), 'message', { value: message });
    }
    case 'then-throws':
      return {
        then: () => {
          throw new RangeError('then');
        },
      };
    case 'then-getter-throws':
      return Object.defineProperty({}, 'then', {
        get: () => {
          throw new RangeError('then getter');
        },
      });
    case 'tojson-throws-twice': {
      let calls = 0;
      return {
        toJSON: () => {
          if (++calls > 1) throw new RangeError('toJSON again');
          return { converted: true };
        },
      };
    }
    case 'bigint':
      return 10n;
    case 'getter-throws':
      return Object.defineProperty({}, 'field', {
        enumerable: true,
        get: () => {
          throw new RangeError('getter');
        },
      });
  }
}

/** Resolved values that may become a success (converted once to plain JSON) or an error result. */
export const CONVERTIBLE: ReadonlySet<HostileValue> = new Set<HostileValue>([
  'error-bigint-message',
  'error-cyclic-message',
  'tojson-throws-twice',
]);

/** A description that never throws, for findings. */
export function described(value: unknown): string {
  try {
    if (value instanceof Error) {
      // A thrown Error's message may be anything (a BigInt, a cyclic object).
      const message: unknown = value.message;
      return `${value.name}: ${String(message)}`.slice(0, 200);
    }
    const text = JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'bigint' ? `${String(inner)}n` : inner,
    );
    return typeof text === 'string' ? text.slice(0, 200) : typeof value;
  } catch {
    return `<${typeof value}>`;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The decision `approvals` holds for `callId` as an own property, if any. */
export function ownDecision(approvals: unknown, callId: string): { decision: unknown } | undefined {
  if (!isPlainObject(approvals) || !Object.hasOwn(approvals, callId)) return undefined;
  return { decision: approvals[callId] };
}

/** Exactly `true` or `{ approved: true, … }`, as an own property: the only ways to approve. */
export function approvedIn(approvals: unknown, callId: string): boolean {
  const own = ownDecision(approvals, callId)?.decision;
  return (
    own === true || (isPlainObject(own) && Object.hasOwn(own, 'approved') && own.approved === true)
  );
}

export function planIn(args: unknown): HostilePlan | undefined {
  return isPlainObject(args) && typeof args.step === 'number'
    ? (args as unknown as HostilePlan)
    : undefined;
}

/** What the handler of `plan` does. */
export function perform(name: string, plan: HostilePlan): unknown {
  switch (plan.act) {
    case 'return':
      return { tool: name, step: plan.step };
    case 'slow':
      return new Promise((resolve) => {
        setTimeout(() => {
          resolve({ tool: name, step: plan.step });
        }, 1);
      });
    case 'throw':
      // The point: a handler may throw anything, not only an Error.
      throw hostileValue(plan.value);
    case 'reject':
      return Promise.resolve().then(() => {
        throw hostileValue(plan.value);
      });
    case 'resolve':
      return hostileValue(plan.value);
  }
}
