import type { WriteFormatOptions } from '../shared/format-adapter.js';
import { withExtras } from '../shared/conversion-context.js';
import { isObject } from '../../core/input-guards.js';
import type { ToolHistory, ConversionResult } from '../../core/history.js';
import { writeBlocks, type BlockWriter } from '../anthropic/write-blocks.js';
import type { GeminiContent, GeminiPart, GeminiSystemInstruction } from './gemini-types.js';
import { SKIP_THOUGHT_SIGNATURE } from './gemini-rules.js';
import { writeGeminiResultMedia } from './gemini-result-parts.js';

/** The output of {@link toGemini}: `contents` plus the request's `systemInstruction`. */
export interface GeminiConversionResult extends ConversionResult<GeminiContent[]> {
  /** `undefined` when there are no system messages. */
  readonly systemInstruction: GeminiSystemInstruction | undefined;
}

/** Writes a neutral history as Gemini `contents` and `systemInstruction`. */
export function toGemini(
  history: ToolHistory,
  options: WriteFormatOptions = {},
): GeminiConversionResult {
  const { messages, system, warnings } = writeBlocks(history, options, geminiWriter(options));
  const systemInstruction =
    system.length === 0
      ? undefined
      : { parts: [{ text: system.map((entry) => entry.text).join('\n\n') }] };
  const contents = messages.map(({ role, content }): GeminiContent => {
    const parts = content as GeminiPart[];
    return role === 'assistant' ? { role: 'model', parts } : { role: 'user', parts };
  });
  return { messages: contents, warnings, systemInstruction };
}

const SIGNATURE_ADDED = `The first call of this model turn has no thought signature (calls from another provider or built by hand); it got "${SKIP_THOUGHT_SIGNATURE}", which Gemini 3 accepts in place of one.`;

function geminiWriter(options: WriteFormatOptions): BlockWriter<GeminiPart> {
  return {
    format: 'gemini',
    movedSystem:
      'Gemini takes one systemInstruction; this system message was moved there and joined with the others.',
    callInput: 'Gemini functionCall args',
    resultBlocks: 'Gemini functionResponse parts',
    mergesResults: false,
    resultNames: true,
    plainUserText: false,
    text: (text, extras) => ({ ...extras, text }),
    call: (part, own) => {
      const [extras, inner] = splitExtras(own, 'functionCall');
      const callId = options.omitIds?.has(part.callId) === true ? undefined : part.callId;
      const fields = { name: part.name, args: { ...part.arguments } };
      return withExtras(extras, { functionCall: withId(callId, inner, fields) });
    },
    result: (result, own, pieces) => {
      const [extras, inner] = splitExtras(own, 'functionResponse');
      const content = result.content;
      const keys = isObject(content) ? Object.keys(content) : [];
      // An object result goes as the response itself unless it would read back as `{ output }` or `{ error }`.
      const asIs =
        isObject(content) &&
        !result.isError &&
        !(keys.length === 1 && (keys[0] === 'output' || keys[0] === 'error'));
      const response: Record<string, unknown> = asIs
        ? { ...content }
        : result.isError
          ? { error: content }
          : { output: content };
      const asRead =
        options.responsesAsRead?.has(result) === true ||
        options.omitIds?.has(result.callId) === true;
      const media = writeGeminiResultMedia(result, pieces);
      const fields = { name: result.name, response, ...(media.length > 0 ? { parts: media } : {}) };
      return withExtras(extras, {
        functionResponse: withId(asRead ? undefined : result.callId, inner, fields),
      });
    },
    // Gemini 3 checks the first call part of each step: later parallel calls carry no signature.
    finishAssistant: (parts, index, context) => {
      const at = parts.findIndex((part) => part.functionCall !== undefined);
      const first = parts[at];
      if (first === undefined || options.missingThoughtSignature === 'omit') return;
      if (typeof first.thoughtSignature === 'string' && first.thoughtSignature !== '') return;
      parts[at] = { ...first, thoughtSignature: SKIP_THOUGHT_SIGNATURE };
      const callId = first.functionCall?.id;
      context.warn('synthesized-thought-signature', index, SIGNATURE_ADDED, callId);
    },
  };
}

/** A part's extras without `field`, and the function's fields kept under `field`. */
function splitExtras(
  extras: Readonly<Record<string, unknown>> | undefined,
  field: 'functionCall' | 'functionResponse',
): [Readonly<Record<string, unknown>> | undefined, Readonly<Record<string, unknown>> | undefined] {
  if (extras === undefined || !Object.hasOwn(extras, field)) return [extras, undefined];
  const { [field]: inner, ...rest } = extras;
  return [Object.keys(rest).length === 0 ? undefined : rest, isObject(inner) ? inner : undefined];
}

/** `fields` with the kept inner fields and `callId` (else the id it was read with). */
function withId<T extends object>(
  callId: string | undefined,
  inner: Readonly<Record<string, unknown>> | undefined,
  fields: T,
): T & { readonly id?: string } {
  const { id: readId, ...rest } = inner ?? {};
  const id = callId ?? readId;
  // Neutral fields win over kept ones of the same name.
  return { ...rest, ...(id === undefined ? {} : { id }), ...fields } as T & {
    readonly id?: string;
  };
}
