import type { AccumulatorCore, StreamEventHandler } from '../../core/stream/accumulator-core.js';
import { usableProviderId } from '../../core/stream/accumulator-core.js';
import { EventFields, isObject } from '../../core/stream/stream-event-guards.js';
import type { ToolCallState } from '../../core/stream/tool-call-state.js';
import type { StreamAdapter } from '../shared/format-adapter.js';
import {
  JsonPathTextWriter,
  parseJsonPath,
  type JsonPathPiece,
} from './gemini-json-path-stream.js';

const FORMAT = 'Gemini';

/** One checked part of a chunk: text, or a call (`writer` when Vertex AI streams it in pieces). */
type GeminiPiece =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'call';
      readonly id: string | undefined;
      /** Set when the piece opens a call. */
      readonly name: string | undefined;
      readonly argumentsText: string;
      readonly writer: JsonPathTextWriter | undefined;
      readonly closes: boolean;
    };

// https://googleapis.github.io/js-genai/release_docs/interfaces/types.PartialArg.html
function readPartialArg(value: unknown, read: EventFields, field: string): JsonPathPiece {
  if (!isObject(value)) return read.fail(field, 'an object', value);
  const { jsonPath, stringValue, numberValue, boolValue, nullValue } = value;
  if (typeof jsonPath !== 'string') return read.fail(`${field}.jsonPath`, 'a string', jsonPath);
  const path = parseJsonPath(jsonPath);
  if (path === undefined)
    return read.fail(
      `${field}.jsonPath`,
      "a JSON path of member names and indexes (such as $.a.b[0] or $['a b'])",
      jsonPath,
    );
  const continues = read.boolean(value.willContinue, `${field}.willContinue`) === true;
  const json = (text: string): JsonPathPiece => ({ path, kind: 'json', text, continues: false });
  const text = read.string(stringValue, `${field}.stringValue`);
  if (text !== undefined) return { path, kind: 'string', text, continues };
  if (numberValue !== undefined && numberValue !== null) {
    if (typeof numberValue !== 'number' || !Number.isFinite(numberValue))
      return read.fail(`${field}.numberValue`, 'a number', numberValue);
    return json(JSON.stringify(numberValue));
  }
  const bool = read.boolean(boolValue, `${field}.boolValue`);
  if (bool !== undefined) return json(String(bool));
  if (nullValue !== undefined) return json('null');
  // No value: the end of a string streamed in earlier pieces (its closing quote).
  return { path, kind: 'string', text: '', continues };
}

/** Writes `functionCall.partialArgs` as argument text; a bad or out-of-order piece throws. */
function readPartialArgs(
  writer: JsonPathTextWriter,
  partialArgs: unknown,
  read: EventFields,
  field: string,
): string {
  if (partialArgs === undefined || partialArgs === null) return '';
  if (!Array.isArray(partialArgs)) return read.fail(field, 'an array', partialArgs);
  let text = '';
  partialArgs.forEach((value: unknown, at) => {
    const written = writer.write(readPartialArg(value, read, `${field}[${at}]`));
    if (typeof written === 'string') text += written;
    else
      read.fail(
        `${field}[${at}].jsonPath`,
        `a path in document order (${written.problem})`,
        (value as { readonly jsonPath: string }).jsonPath,
      );
  });
  return text;
}

/**
 * Gemini sends each `functionCall` whole, often with no id. Vertex AI's
 * `streamFunctionCallArguments` opens a call with `willContinue: true`, sends `partialArgs` and
 * closes it with a piece whose `willContinue` is not true.
 */
class GeminiHandler implements StreamEventHandler {
  private open:
    { readonly call: ToolCallState; readonly writer: JsonPathTextWriter | undefined } | undefined;

  constructor(
    private readonly core: AccumulatorCore,
    private readonly candidateIndex: number,
  ) {}

  handle(event: unknown): void {
    const writer = this.open?.writer;
    // The partial arguments are written while the chunk is checked: a refused chunk undoes them.
    const chunk =
      writer === undefined ? this.read(event) : writer.transaction(() => this.read(event));
    if (chunk === undefined) return;
    const core = this.core;
    for (const piece of chunk.pieces) {
      if (piece.kind === 'text') {
        core.appendText(piece.text);
      } else {
        let open = this.open;
        if (open === undefined || piece.name !== undefined) {
          this.close();
          const call = core.createCall(usableProviderId(piece.id), piece.name ?? '');
          open = this.open = { call, writer: piece.writer };
        } else {
          const id = usableProviderId(piece.id);
          if (id !== undefined) core.setProviderId(open.call, id);
        }
        core.appendArguments(open.call, piece.argumentsText);
        if (piece.closes) this.close();
      }
    }
    if (chunk.stopReason !== undefined) {
      core.stopReason = chunk.stopReason;
      this.close();
      core.endAll();
    }
  }

  /** Ends the call being streamed, closing what is open in its arguments. */
  private close(): void {
    const open = this.open;
    if (open === undefined) return;
    this.open = undefined;
    this.core.appendArguments(open.call, open.writer?.end() ?? '');
    this.core.endCall(open.call);
  }

  private read(
    event: unknown,
  ): { pieces: readonly GeminiPiece[]; stopReason: string | undefined } | undefined {
    const read = new EventFields(FORMAT, this.core.eventIndex);
    if (!isObject(event)) return read.fail('', 'a GenerateContentResponse object', event);
    const candidates = event.candidates;
    if (candidates === undefined || candidates === null) return undefined; // usage or feedback only
    if (!Array.isArray(candidates)) return read.fail('candidates', 'an array', candidates);
    for (let position = 0; position < candidates.length; position++) {
      const candidate: unknown = candidates[position];
      if (!isObject(candidate)) return read.fail(`candidates[${position}]`, 'an object', candidate);
      const index = typeof candidate.index === 'number' ? candidate.index : position;
      if (index !== this.candidateIndex) continue;
      const stopReason =
        typeof candidate.finishReason === 'string' ? candidate.finishReason : undefined;
      const content = candidate.content;
      if (content === undefined || content === null) return { pieces: [], stopReason };
      const field = `candidates[${position}].content`;
      if (!isObject(content)) return read.fail(field, 'an object', content);
      const parts = content.parts ?? [];
      if (!Array.isArray(parts)) return read.fail(`${field}.parts`, 'an array', parts);
      return { pieces: this.readParts(parts, read, `${field}.parts`), stopReason };
    }
    return undefined;
  }

  private readParts(parts: readonly unknown[], read: EventFields, field: string): GeminiPiece[] {
    const pieces: GeminiPiece[] = [];
    let writer = this.open?.writer;
    parts.forEach((part: unknown, position) => {
      const where = `${field}[${position}]`;
      if (!isObject(part)) return read.fail(where, 'an object', part);
      // Thought summaries (`thought: true`) are reasoning, not the assistant's text.
      if (typeof part.text === 'string' && part.thought !== true && part.text !== '')
        pieces.push({ kind: 'text', text: part.text });
      const functionCall = part.functionCall;
      if (functionCall === undefined || functionCall === null) return;
      const callField = `${where}.functionCall`;
      if (!isObject(functionCall)) return read.fail(callField, 'an object', functionCall);
      const id = read.string(functionCall.id, `${callField}.id`);
      const name = read.string(functionCall.name, `${callField}.name`);
      const { partialArgs } = functionCall;
      const willContinue = read.boolean(functionCall.willContinue, `${callField}.willContinue`);
      const streamed =
        willContinue === true ||
        (partialArgs !== undefined && partialArgs !== null) ||
        (name === undefined && writer !== undefined);
      if (!streamed) {
        if (name === undefined) return read.fail(`${callField}.name`, 'a string', name);
        writer = undefined;
        const argumentsText = read.arguments(functionCall.args, `${callField}.args`);
        pieces.push({ kind: 'call', id, name, argumentsText, writer, closes: true });
        return;
      }
      const current =
        writer === undefined || name !== undefined ? new JsonPathTextWriter() : writer;
      const opens = current !== writer;
      const argumentsText = readPartialArgs(current, partialArgs, read, `${callField}.partialArgs`);
      const closes = willContinue !== true;
      writer = closes ? undefined : current;
      pieces.push({
        kind: 'call',
        id,
        name: opens ? (name ?? '') : name,
        argumentsText,
        writer: current,
        closes,
      });
    });
    return pieces;
  }
}

/** The stream adapter for `streamGenerateContent` chunks. */
export const GEMINI_STREAM: StreamAdapter = {
  framing: 'sse',
  createHandler: (core, options) => new GeminiHandler(core, options.choiceIndex),
};
