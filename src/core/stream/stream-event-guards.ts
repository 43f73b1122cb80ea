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

/** Reads one event's fields; a field of the wrong type throws, naming the event and field. */
export class EventFields {
  constructor(
    private readonly format: string,
    readonly eventIndex: number,
  ) {}

  /** Throws the error for a malformed event: which event, which field, what was expected. */
  fail(field: string, expected: string, actual: unknown): never {
    const { eventIndex } = this;
    const where = field === '' ? `events[${eventIndex}]` : `events[${eventIndex}].${field}`;
    throw new StreamAccumulationError(
      { code: 'invalid-input', eventIndex, field },
      `${where} should be ${expected} in a ${this.format} stream, but is ${describe(actual)}. Check that the accumulator's format matches the provider, and pass each parsed event (not the raw SSE line).`,
    );
  }

  // Optional fields: the value, `undefined` when missing or null, else the error.
  string(value: unknown, field: string): string | undefined {
    return typeof value === 'string' ? value : this.absent<string>(value, field, 'a string');
  }

  index(value: unknown, field: string): number | undefined {
    return typeof value === 'number' && Number.isInteger(value) && value >= 0
      ? value
      : this.absent<number>(value, field, 'a non-negative integer');
  }

  record(value: unknown, field: string): Readonly<Record<string, unknown>> | undefined {
    return isObject(value)
      ? value
      : this.absent<Readonly<Record<string, unknown>>>(value, field, 'an object');
  }

  boolean(value: unknown, field: string): boolean | undefined {
    return typeof value === 'boolean' ? value : this.absent<boolean>(value, field, 'a boolean');
  }

  /** A whole call's arguments (Gemini, Ollama): objects are serialized, strings kept. */
  arguments(value: unknown, field: string): string {
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    if (!isObject(value)) return this.fail(field, 'an object', value);
    try {
      return JSON.stringify(value);
    } catch (error) {
      const found = findUnwritableJson(value) ?? { path: '', problem: 'cannot be written as JSON' };
      const where = `${field}${found.path}`;
      const { eventIndex } = this;
      throw new StreamAccumulationError(
        { code: 'invalid-input', eventIndex, field: where },
        `events[${eventIndex}].${where} ${found.problem} in a ${this.format} stream, so the call's arguments cannot be read. Check that the event is the provider's, parsed from its JSON text.`,
        { cause: error },
      );
    }
  }

  /** Throws `provider-error` for a mid-stream error event, named by its `code`, else its `type`. */
  providerError(error: Readonly<Record<string, unknown>>): never {
    const { eventIndex } = this;
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

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- types each caller
  private absent<T>(value: unknown, field: string, expected: string): T | undefined {
    if (value === undefined || value === null) return undefined;
    return this.fail(field, expected, value);
  }
}
