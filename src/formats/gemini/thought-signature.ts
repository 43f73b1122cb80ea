/**
 * The thought signature Google documents for function calls the model did not produce itself
 * (history from another model, or calls built by hand): Gemini 3 refuses a replayed step whose
 * first `functionCall` part carries no `thoughtSignature`, and accepts this value in its place
 * (FAQ of https://ai.google.dev/gemini-api/docs/thought-signatures; the Vertex AI docs name the
 * same string).
 */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';
