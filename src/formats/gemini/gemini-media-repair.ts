import type { RuleContext } from '../../core/format.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import type { WireFix, WireRepair } from '../shared/wire-repair.js';
import { GEMINI_RESPONSE_PARTS_UNSUPPORTED, refusesResponseParts } from './gemini-rules.js';

/**
 * Gemini's wire pass after the engine, for a model before Gemini 3: the media of each function
 * response (`functionResponse.parts`) leaves the response and goes, unchanged, into a new user
 * content right after the response turn, where every Gemini model reads media.
 */
export function moveGeminiResponseMedia(
  contents: readonly unknown[],
  context: RuleContext,
): WireRepair | undefined {
  if (!refusesResponseParts(context.model)) return undefined;
  let out: unknown[] | undefined;
  const fixes: WireFix[] = [];
  contents.forEach((content, index) => {
    const moved = isObject(content) ? stripMedia(content) : undefined;
    if (moved === undefined) {
      out?.push(content);
      return;
    }
    out ??= contents.slice(0, index);
    out.push(moved.content);
    const target = out.length;
    out.push({ role: 'user', parts: moved.media.map(({ part }) => part) });
    moved.media.forEach(({ partIndex, callId }, position) =>
      fixes.push({
        kind: 'moved-result-media',
        messageIndex: target,
        partIndex: position,
        callId,
        fromIndex: index,
        fromPartIndex: partIndex,
        message: `The media of the functionResponse at contents[${String(index)}].parts[${String(partIndex)}] moved to a user content after it: this model refuses it in the response ("${GEMINI_RESPONSE_PARTS_UNSUPPORTED}").`,
      }),
    );
  });
  return out === undefined ? undefined : { messages: out, fixes, warnings: [] };
}

interface Media {
  readonly part: unknown;
  readonly partIndex: number;
  readonly callId: string;
}

/** The content without its responses' `parts`, and those parts; `undefined` when it has none. */
function stripMedia(content: JsonObject): { content: JsonObject; media: Media[] } | undefined {
  const parts = content.parts;
  if (!Array.isArray(parts)) return undefined;
  const media: Media[] = [];
  const stripped = parts.map((part: unknown, partIndex) => {
    if (!isObject(part)) return part;
    const key = isObject(part.functionResponse) ? 'functionResponse' : 'function_response';
    const response = part[key];
    if (!isObject(response) || !Array.isArray(response.parts) || response.parts.length === 0)
      return part;
    const { parts: inner, ...rest } = response;
    const id = typeof rest.id === 'string' && rest.id !== '' ? rest.id : rest.name;
    for (const item of inner as unknown[])
      media.push({ part: item, partIndex, callId: typeof id === 'string' ? id : '' });
    return { ...part, [key]: rest };
  });
  return media.length === 0 ? undefined : { content: { ...content, parts: stripped }, media };
}
