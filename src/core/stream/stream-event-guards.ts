import { StreamAccumulationError } from '../../errors/tool-history-error.js';
import { isObject } from '../input-guards.js';
import { findUnwritableJson } from '../json-text.js';

export { isObject } from '../input-guards.js';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' || typeof value === 'boolean')
    return `${typeof value} ${String(value)}`;
  return typeof value;
}

/** Throws the error for a malformed event: which event, which field, what was expected. */
export function invalidEvent(
  format: string,
  eventIndex: number,
  field: string,
  expected: string,
  actual: unknown,
): never {
  const where = field === '' ? `events[${eventIndex}]` : `events[${eventIndex}].${field}`;
  throw new StreamAccumulationError(
    { code: 'invalid-input', eventIndex, field },
    `${where} should be ${expected} in a ${format} stream, but is ${describe(actual)}. Check that the accumulator's format matches the provider, and pass each parsed event (not the raw SSE line).`,
  );
}

/** An optional event field: its value, `undefined` when missing or null, else throws. */
export type OptionalField<T> = (
  value: unknown,
  format: string,
  eventIndex: number,
  field: string,
) => T | undefined;

function optionalField<T>(test: (value: unknown) => value is T, expected: string) {
  return (value: unknown, format: string, eventIndex: number, field: string): T | undefined => {
    if (test(value)) return value;
    if (value === undefined || value === null) return undefined;
    return invalidEvent(format, eventIndex, field, expected, value);
  };
}

/** A string field. */
export const optionalString: OptionalField<string> = optionalField(
  (value): value is string => typeof value === 'string',
  'a string',
);
/** A non-negative integer field. */
export const optionalIndex: OptionalField<number> = optionalField(
  (value): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0,
  'a non-negative integer',
);
/** An object field. */
export const optionalRecord: OptionalField<Readonly<Record<string, unknown>>> = optionalField(
  isObject,
  'an object',
);

/** Throws `provider-error` for a mid-stream error event, named by its `code`, else its `type`. */
export function providerStreamError(
  eventIndex: number,
  error: Readonly<Record<string, unknown>>,
): never {
  const { type, code, message } = error;
  const errorType =
    typeof code === 'string' || typeof code === 'number'
      ? String(code)
      : typeof type === 'string'
        ? type
        : 'error';
  const providerMessage = typeof message === 'string' ? message : '';
  throw new StreamAccumulationError(
    { code: 'provider-error', eventIndex, errorType, providerMessage },
    `events[${eventIndex}]: the provider ended the stream with an error: ${errorType}${providerMessage === '' ? '' : `: ${providerMessage}`}. The message is incomplete: finish() returns what arrived before the error; retry the request.`,
  );
}

/** A whole call's arguments (Gemini, Ollama): objects are serialized, strings kept. */
export function readArgumentsValue(
  value: unknown,
  format: string,
  eventIndex: number,
  field: string,
): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (!isObject(value)) return invalidEvent(format, eventIndex, field, 'an object', value);
  try {
    return JSON.stringify(value);
  } catch (error) {
    const found = findUnwritableJson(value) ?? { path: '', problem: 'cannot be written as JSON' };
    const where = `${field}${found.path}`;
    throw new StreamAccumulationError(
      { code: 'invalid-input', eventIndex, field: where },
      `events[${eventIndex}].${where} ${found.problem} in a ${format} stream, so the call's arguments cannot be read. Check that the event is the provider's, parsed from its JSON text.`,
      { cause: error },
    );
  }
}
