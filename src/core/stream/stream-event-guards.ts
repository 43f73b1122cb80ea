import { StreamAccumulationError } from '../../errors/stream-accumulation-error.js';

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

/**
 * Throws the error for a malformed event: which event (0-based, in push order), which field,
 * what was expected and what came instead.
 */
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

/** A string, or `undefined` for a missing or null field; anything else is an invalid event. */
export function optionalString(
  value: unknown,
  format: string,
  eventIndex: number,
  field: string,
): string | undefined {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return undefined;
  return invalidEvent(format, eventIndex, field, 'a string', value);
}

/** A non-negative integer, or `undefined` for a missing or null field. */
export function optionalIndex(
  value: unknown,
  format: string,
  eventIndex: number,
  field: string,
): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (value === undefined || value === null) return undefined;
  return invalidEvent(format, eventIndex, field, 'a non-negative integer', value);
}

/** An object, or `undefined` for a missing or null field. */
export function optionalRecord(
  value: unknown,
  format: string,
  eventIndex: number,
  field: string,
): Record<string, unknown> | undefined {
  if (isRecord(value)) return value;
  if (value === undefined || value === null) return undefined;
  return invalidEvent(format, eventIndex, field, 'an object', value);
}

/**
 * Throws the error for a provider's mid-stream error event (`code: 'provider-error'`): the
 * provider ended the message there, and the accumulator keeps what came before it. `error` is the
 * provider's error object: its `code` (string or number) or else its `type` names the error.
 */
export function providerStreamError(eventIndex: number, error: Record<string, unknown>): never {
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
