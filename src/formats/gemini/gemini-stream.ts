import type { AccumulatorCore } from '../../core/stream/accumulator-core.js';
import {
  applyCompleteCalls,
  readArgumentsValue,
  type CompleteCall,
  type CompleteCallsChunk,
} from '../../core/stream/complete-calls-stream-handler.js';
import { invalidEvent, isRecord } from '../../core/stream/stream-event-guards.js';
import type { StreamAdapter } from '../shared/format-adapter.js';

const FORMAT = 'Gemini';

function readChunk(
  event: unknown,
  eventIndex: number,
  candidateIndex: number,
): CompleteCallsChunk | undefined {
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
    if (index !== candidateIndex) continue;
    const finished = typeof candidate.finishReason === 'string';
    const content = candidate.content;
    if (content === undefined || content === null) return { text: '', calls: [], finished };
    if (!isRecord(content))
      return invalidEvent(
        FORMAT,
        eventIndex,
        `candidates[${position}].content`,
        'an object',
        content,
      );
    const parts = content.parts ?? [];
    if (!Array.isArray(parts))
      return invalidEvent(
        FORMAT,
        eventIndex,
        `candidates[${position}].content.parts`,
        'an array',
        parts,
      );
    let text = '';
    const calls: CompleteCall[] = [];
    for (let at = 0; at < parts.length; at++) {
      const part: unknown = parts[at];
      const field = `candidates[${position}].content.parts[${at}]`;
      if (!isRecord(part)) return invalidEvent(FORMAT, eventIndex, field, 'an object', part);
      // Thought summaries (`thought: true`) are reasoning, not the assistant's text.
      if (typeof part.text === 'string' && part.thought !== true) text += part.text;
      const functionCall = part.functionCall;
      if (functionCall === undefined || functionCall === null) continue;
      if (!isRecord(functionCall))
        return invalidEvent(FORMAT, eventIndex, `${field}.functionCall`, 'an object', functionCall);
      const { id, name } = functionCall;
      if (typeof name !== 'string')
        return invalidEvent(FORMAT, eventIndex, `${field}.functionCall.name`, 'a string', name);
      if (id !== undefined && id !== null && typeof id !== 'string')
        return invalidEvent(FORMAT, eventIndex, `${field}.functionCall.id`, 'a string', id);
      calls.push({
        id: typeof id === 'string' ? id : undefined,
        name,
        argumentsText: readArgumentsValue(
          functionCall.args,
          FORMAT,
          eventIndex,
          `${field}.functionCall.args`,
        ),
      });
    }
    return { text, calls, finished };
  }
  return undefined;
}

/**
 * Returns the event handler for Gemini `streamGenerateContent` chunks. Gemini sends each
 * `functionCall` part whole (several can share a chunk), often with no id.
 */
export function createGeminiHandler(
  core: AccumulatorCore,
  candidateIndex: number,
): (event: unknown) => void {
  return (event) => {
    const chunk = readChunk(event, core.eventIndex, candidateIndex);
    if (chunk !== undefined) applyCompleteCalls(core, chunk);
  };
}

/** The stream adapter for `streamGenerateContent` chunks. */
export const GEMINI_STREAM: StreamAdapter = {
  framing: 'sse',
  createHandler: (core, options) => ({
    handle: createGeminiHandler(core, options.choiceIndex),
  }),
};
