import type { WriteFormatOptions } from '../shared/format-adapter.js';
import { assertNever, isObject } from '../../core/input-guards.js';
import { withExtras, ConversionContext } from '../shared/conversion-context.js';
import type {
  AssistantMessage,
  OpaquePart,
  TextPart,
  ToolHistory,
  ToolResult,
  ConversionResult,
} from '../../core/history.js';
import type { GeminiContent, GeminiPart, GeminiSystemInstruction } from './gemini-types.js';
import { SKIP_THOUGHT_SIGNATURE } from './gemini-rules.js';

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
  const context = new ConversionContext('gemini', options);
  const contents: GeminiContent[] = [];
  const systemTexts: string[] = [];
  history.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        context.ownData(message.providerData, index);
        if (contents.length > 0 || systemTexts.length > 0) {
          context.warn(
            'moved-system-message',
            index,
            'Gemini takes one systemInstruction; this system message was moved there and joined with the others.',
          );
        }
        systemTexts.push(message.text);
        break;
      case 'user':
        context.ownData(message.providerData, index);
        contents.push({
          role: 'user',
          parts: message.parts.flatMap((part) => plainParts(part, index, context)),
        });
        break;
      case 'assistant':
        contents.push(writeModel(message, index, context, options));
        break;
      case 'tool':
        context.ownData(message.providerData, index);
        contents.push({
          role: 'user',
          parts: message.results.map((result) => responsePart(result, index, context, options)),
        });
        break;
      default:
        assertNever(message, 'history message');
    }
  });
  const systemInstruction =
    systemTexts.length === 0 ? undefined : { parts: [{ text: systemTexts.join('\n\n') }] };
  return { messages: contents, warnings: context.warnings, systemInstruction };
}

function plainParts(
  part: TextPart | OpaquePart,
  index: number,
  context: ConversionContext,
): GeminiPart[] {
  if (part.type === 'text') {
    const extras = context.ownData(part.providerData, index);
    return part.text === '' ? [] : [{ ...extras, text: part.text }];
  }
  const value = context.ownOpaque(part, index);
  return value === undefined ? [] : [value as GeminiPart];
}

function writeModel(
  message: AssistantMessage,
  index: number,
  context: ConversionContext,
  options: WriteFormatOptions,
): GeminiContent {
  context.ownData(message.providerData, index);
  const parts: GeminiPart[] = [];
  let firstCall: number | undefined;
  for (const part of message.parts) {
    if (part.type !== 'tool-call') {
      parts.push(...plainParts(part, index, context));
      continue;
    }
    if (part.argumentsText !== undefined) {
      context.warn(
        'dropped-arguments-text',
        index,
        `Gemini functionCall args must be an object; the malformed argument text of "${part.callId}" was replaced by {}.`,
        part.callId,
      );
    }
    const [extras, inner] = splitExtras(
      context.ownData(part.providerData, index, part.callId),
      'functionCall',
    );
    firstCall ??= parts.length;
    const callId = options.omitIds?.has(part.callId) === true ? undefined : part.callId;
    parts.push(
      withExtras(extras, {
        functionCall: withId(callId, inner, { name: part.name, args: { ...part.arguments } }),
      }),
    );
  }
  const first = firstCall === undefined ? undefined : parts[firstCall];
  // Gemini 3 checks the first call part of each step: later parallel calls carry no signature.
  const signed = typeof first?.thoughtSignature === 'string' && first.thoughtSignature !== '';
  if (firstCall !== undefined && first && !signed && options.missingThoughtSignature !== 'omit') {
    parts[firstCall] = { ...first, thoughtSignature: SKIP_THOUGHT_SIGNATURE };
    const callId = first.functionCall?.id;
    context.warn('synthesized-thought-signature', index, SIGNATURE_ADDED, callId);
  }
  return { role: 'model', parts: parts };
}

const SIGNATURE_ADDED = `The first call of this model turn has no thought signature (calls from another provider or built by hand); it got "${SKIP_THOUGHT_SIGNATURE}", which Gemini 3 accepts in place of one.`;

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

function responsePart(
  result: ToolResult,
  index: number,
  context: ConversionContext,
  options: WriteFormatOptions,
): GeminiPart {
  const [extras, inner] = splitExtras(
    context.ownData(result.providerData, index, result.callId),
    'functionResponse',
  );
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
    options.responsesAsRead?.has(result) === true || options.omitIds?.has(result.callId) === true;
  return withExtras(extras, {
    functionResponse: withId(asRead ? undefined : result.callId, inner, {
      name: result.name,
      response,
    }),
  });
}
