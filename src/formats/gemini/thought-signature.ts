/**
 * The thought signature Google documents for function calls the model did not produce itself
 * (history from another model, or calls built by hand): Gemini 3 refuses a replayed step whose
 * first `functionCall` part carries no `thoughtSignature`, and accepts this value in its place
 * (FAQ of https://ai.google.dev/gemini-api/docs/thought-signatures; the Vertex AI docs name the
 * same string).
 */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

// `gemini-<major>` after an optional path (`models/`, `publishers/google/models/`, `google/`).
const GEMINI_MODEL = /^(?:.*\/)?gemini-(\d+)(?:[.-]|$)/i;
const IMAGE_MODEL = /-image(?:[-.]|$)/i;

/**
 * True when `model` names a Gemini model that refuses the current turn's function calls without
 * their thought signatures: Gemini 3 and later (`gemini-3-pro-preview`, `gemini-3.1-flash`,
 * `models/gemini-3-flash-preview`, `publishers/google/models/gemini-3-pro`, `google/gemini-3-pro`),
 * except the image models, which Google says do not enforce it
 * (https://docs.cloud.google.com/vertex-ai/generative-ai/docs/thought-signatures). Gemini 2.5 and
 * earlier return signatures but accept a history without them
 * (https://ai.google.dev/gemini-api/docs/thought-signatures); so does an unknown or absent model.
 */
export function requiresThoughtSignatures(model: string | undefined): boolean {
  if (model === undefined) return false;
  const match = GEMINI_MODEL.exec(model);
  return match !== null && Number(match[1]) >= 3 && !IMAGE_MODEL.test(model);
}

/**
 * Gemini 3's refusal of a current-turn call step sent back without its signature, as the API words
 * it: `Function call is missing a thought_signature in functionCall parts. This is required for
 * tools to work correctly, and missing thought_signature may lead to degraded model performance.
 * Additional data, function call `default_api:shell` , position 2. Please refer to
 * https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`
 * (https://github.com/manthanabc/paws/issues/103, https://github.com/nanbingxyz/5ire/issues/405,
 * https://github.com/end-4/dots-hyprland/pull/3596). `position` is taken to count contents from 1:
 * reports of a conversation's first call step, the second content, all say `position 2`.
 */
export function missingThoughtSignatureMessage(name: string, contentIndex: number): string {
  return `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${contentIndex + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`;
}
