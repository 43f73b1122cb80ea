import type { AccumulatorCore, StreamEventHandler } from '../../core/stream/accumulator-core.js';
import { usableProviderId } from '../../core/stream/accumulator-core.js';
import {
  readArgumentsValue,
  type CompleteCall,
} from '../../core/stream/complete-calls-stream-handler.js';
import { JsonPathTextWriter } from './gemini-json-path-stream.js';
import { invalidEvent, isRecord } from '../../core/stream/stream-event-guards.js';
import type { ToolCallState } from '../../core/stream/tool-call-state.js';
import { readPartialArgs } from './gemini-partial-args-stream.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'Gemini';

/**
 * One part of a chunk, checked: text, a whole call, or a piece of a call streamed with Vertex AI's
 * `streamFunctionCallArguments`, its `partialArgs` already written as argument text.
 */
type GeminiPiece =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'call'; readonly call: CompleteCall }
  | {
      readonly kind: 'part';
      readonly id: string | undefined;
      /** Set on the piece that opens a call. */
      readonly name: string | undefined;
      readonly argumentsText: string;
      /** The writer of the call this piece belongs to (a new one when it opens a call). */
      readonly writer: JsonPathTextWriter;
      /** `willContinue` is not true: the call is complete. */
      readonly closes: boolean;
    };

interface GeminiChunk {
  readonly pieces: readonly GeminiPiece[];
  readonly finished: boolean;
}

interface OpenCall {
  readonly call: ToolCallState;
  readonly writer: JsonPathTextWriter;
}

function optionalStringField(
  value: unknown,
  eventIndex: number,
  field: string,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return invalidEvent(FORMAT, eventIndex, field, 'a string', value);
  return value;
}

/**
 * The event handler for Gemini `streamGenerateContent` chunks. Gemini sends each `functionCall`
 * part whole (several can share a chunk), often with no id. Vertex AI with
 * `toolConfig.functionCallingConfig.streamFunctionCallArguments` instead opens a call with
 * `{name, willContinue: true}`, sends `partialArgs` that set values at JSON paths, and closes it
 * with a piece whose `willContinue` is not true (often `{}`)
 * (https://googleapis.github.io/js-genai/release_docs/interfaces/types.PartialArg.html).
 */
class GeminiHandler implements StreamEventHandler {
  private readonly core: AccumulatorCore;
  private readonly candidateIndex: number;
  private open: OpenCall | undefined = undefined;

  constructor(core: AccumulatorCore, candidateIndex: number) {
    this.core = core;
    this.candidateIndex = candidateIndex;
  }

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
      } else if (piece.kind === 'call') {
        this.close();
        const call = core.createCall(usableProviderId(piece.call.id), piece.call.name);
        core.appendArguments(call, piece.call.argumentsText);
        core.endCall(call);
      } else {
        this.applyPart(piece);
      }
    }
    if (chunk.finished) {
      this.close();
      core.endAll();
    }
  }

  private applyPart(piece: Extract<GeminiPiece, { kind: 'part' }>): void {
    const core = this.core;
    let open = this.open;
    if (open === undefined || piece.name !== undefined) {
      this.close();
      open = this.open = {
        call: core.createCall(usableProviderId(piece.id), piece.name ?? ''),
        writer: piece.writer,
      };
    } else if (piece.id !== undefined) {
      const id = usableProviderId(piece.id);
      if (id !== undefined) core.setProviderId(open.call, id);
    }
    core.appendArguments(open.call, piece.argumentsText);
    if (piece.closes) this.close();
  }

  /** Ends the call being streamed: its open strings, objects and arrays are closed first. */
  private close(): void {
    const open = this.open;
    if (open === undefined) return;
    this.open = undefined;
    this.core.appendArguments(open.call, open.writer.end());
    this.core.endCall(open.call);
  }

  private read(event: unknown): GeminiChunk | undefined {
    const eventIndex = this.core.eventIndex;
    if (!isRecord(event))
      return invalidEvent(FORMAT, eventIndex, '', 'a GenerateContentResponse object', event);
    const candidates = event.candidates;
    if (candidates === undefined || candidates === null) return undefined; // usage or prompt feedback only
    if (!Array.isArray(candidates))
      return invalidEvent(FORMAT, eventIndex, 'candidates', 'an array', candidates);
    for (let position = 0; position < candidates.length; position++) {
      const candidate: unknown = candidates[position];
      if (!isRecord(candidate))
        return invalidEvent(FORMAT, eventIndex, `candidates[${position}]`, 'an object', candidate);
      const index = typeof candidate.index === 'number' ? candidate.index : position;
      if (index !== this.candidateIndex) continue;
      const finished = typeof candidate.finishReason === 'string';
      const content = candidate.content;
      if (content === undefined || content === null) return { pieces: [], finished };
      const field = `candidates[${position}].content`;
      if (!isRecord(content)) return invalidEvent(FORMAT, eventIndex, field, 'an object', content);
      const parts = content.parts ?? [];
      if (!Array.isArray(parts))
        return invalidEvent(FORMAT, eventIndex, `${field}.parts`, 'an array', parts);
      return { pieces: this.readParts(parts, eventIndex, `${field}.parts`), finished };
    }
    return undefined;
  }

  private readParts(parts: readonly unknown[], eventIndex: number, field: string): GeminiPiece[] {
    const pieces: GeminiPiece[] = [];
    let writer = this.open?.writer;
    for (let at = 0; at < parts.length; at++) {
      const part: unknown = parts[at];
      const where = `${field}[${at}]`;
      if (!isRecord(part)) return invalidEvent(FORMAT, eventIndex, where, 'an object', part);
      // Thought summaries (`thought: true`) are reasoning, not the assistant's text.
      if (typeof part.text === 'string' && part.thought !== true && part.text !== '')
        pieces.push({ kind: 'text', text: part.text });
      const functionCall = part.functionCall;
      if (functionCall === undefined || functionCall === null) continue;
      const callField = `${where}.functionCall`;
      if (!isRecord(functionCall))
        return invalidEvent(FORMAT, eventIndex, callField, 'an object', functionCall);
      const id = optionalStringField(functionCall.id, eventIndex, `${callField}.id`);
      const name = optionalStringField(functionCall.name, eventIndex, `${callField}.name`);
      const { willContinue, partialArgs } = functionCall;
      if (willContinue !== undefined && willContinue !== null && typeof willContinue !== 'boolean')
        invalidEvent(FORMAT, eventIndex, `${callField}.willContinue`, 'a boolean', willContinue);
      const streamed =
        willContinue === true ||
        (partialArgs !== undefined && partialArgs !== null) ||
        (name === undefined && writer !== undefined);
      if (!streamed) {
        if (name === undefined)
          return invalidEvent(FORMAT, eventIndex, `${callField}.name`, 'a string', name);
        writer = undefined;
        const args = functionCall.args;
        const argumentsText = readArgumentsValue(args, FORMAT, eventIndex, `${callField}.args`);
        pieces.push({ kind: 'call', call: { id, name, argumentsText } });
        continue;
      }
      const current =
        writer === undefined || name !== undefined ? new JsonPathTextWriter() : writer;
      const opens = current !== writer;
      const argumentsText = readPartialArgs(
        current,
        partialArgs,
        eventIndex,
        `${callField}.partialArgs`,
      );
      const closes = willContinue !== true;
      writer = closes ? undefined : current;
      pieces.push({
        kind: 'part',
        id,
        name: opens ? (name ?? '') : name,
        argumentsText,
        writer: current,
        closes,
      });
    }
    return pieces;
  }
}

/** Returns the event handler for Gemini `streamGenerateContent` chunks. */
export function createGeminiHandler(
  core: AccumulatorCore,
  candidateIndex: number,
): StreamEventHandler {
  return new GeminiHandler(core, candidateIndex);
}

/** The stream adapter for `streamGenerateContent` chunks. */
export const GEMINI_STREAM: StreamAdapter = {
  framing: 'sse',
  createHandler: (core, options) => createGeminiHandler(core, options.choiceIndex),
};
