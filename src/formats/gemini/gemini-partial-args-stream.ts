import {
  parseJsonPath,
  type JsonPathPiece,
  type JsonPathTextWriter,
} from './gemini-json-path-stream.js';
import { invalidEvent, isRecord } from '../../core/stream/stream-event-guards.js';

const FORMAT = 'Gemini';

/**
 * Reads one `PartialArg` of Vertex AI's streamed function-call arguments: a `jsonPath`, one of
 * `stringValue`, `numberValue`, `boolValue`, `nullValue`, and `willContinue` (more of the same
 * string follows) (https://googleapis.github.io/js-genai/release_docs/interfaces/types.PartialArg.html).
 */
function readPiece(value: unknown, eventIndex: number, field: string): JsonPathPiece {
  if (!isRecord(value)) return invalidEvent(FORMAT, eventIndex, field, 'an object', value);
  const { jsonPath, willContinue } = value;
  if (typeof jsonPath !== 'string')
    return invalidEvent(FORMAT, eventIndex, `${field}.jsonPath`, 'a string', jsonPath);
  const path = parseJsonPath(jsonPath);
  if (path === undefined)
    return invalidEvent(
      FORMAT,
      eventIndex,
      `${field}.jsonPath`,
      "a JSON path of member names and indexes (such as $.a.b[0] or $['a b'])",
      jsonPath,
    );
  if (willContinue !== undefined && willContinue !== null && typeof willContinue !== 'boolean')
    return invalidEvent(FORMAT, eventIndex, `${field}.willContinue`, 'a boolean', willContinue);
  const continues = willContinue === true;
  const { stringValue, numberValue, boolValue, nullValue } = value;
  if (stringValue !== undefined && stringValue !== null) {
    if (typeof stringValue !== 'string')
      return invalidEvent(FORMAT, eventIndex, `${field}.stringValue`, 'a string', stringValue);
    return { path, kind: 'string', text: stringValue, continues };
  }
  if (numberValue !== undefined && numberValue !== null) {
    if (typeof numberValue !== 'number' || !Number.isFinite(numberValue))
      return invalidEvent(FORMAT, eventIndex, `${field}.numberValue`, 'a number', numberValue);
    return { path, kind: 'json', text: JSON.stringify(numberValue), continues: false };
  }
  if (boolValue !== undefined && boolValue !== null) {
    if (typeof boolValue !== 'boolean')
      return invalidEvent(FORMAT, eventIndex, `${field}.boolValue`, 'a boolean', boolValue);
    return { path, kind: 'json', text: String(boolValue), continues: false };
  }
  if (nullValue !== undefined) return { path, kind: 'json', text: 'null', continues: false };
  // No value: the end of a string streamed in earlier pieces (its closing quote).
  return { path, kind: 'string', text: '', continues };
}

/**
 * Writes a `functionCall.partialArgs` list as argument text with the call's writer, and returns
 * that text (`''` for none).
 * @throws {StreamAccumulationError} `invalid-input` for a piece without its documented shape, or
 * one that goes back to a member or element already streamed.
 */
export function readPartialArgs(
  writer: JsonPathTextWriter,
  partialArgs: unknown,
  eventIndex: number,
  field: string,
): string {
  if (partialArgs === undefined || partialArgs === null) return '';
  if (!Array.isArray(partialArgs))
    return invalidEvent(FORMAT, eventIndex, field, 'an array', partialArgs);
  let text = '';
  for (let at = 0; at < partialArgs.length; at++) {
    const where = `${field}[${at}]`;
    const piece = readPiece(partialArgs[at], eventIndex, where);
    const written = writer.write(piece);
    if (typeof written !== 'string') {
      const { jsonPath } = partialArgs[at] as { readonly jsonPath: string };
      return invalidEvent(
        FORMAT,
        eventIndex,
        `${where}.jsonPath`,
        `a path in document order (${written.problem})`,
        jsonPath,
      );
    }
    text += written;
  }
  return text;
}
