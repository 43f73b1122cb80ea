// Gemini's refusals of tool-call histories, in Google's words, each with where it was seen.

/**
 * "Please ensure that the number of function response parts is equal to the number of function
 * call parts of the function call turn." (400 INVALID_ARGUMENT):
 * https://github.com/google-gemini/gemini-cli/issues/4217, https://github.com/microsoft/vscode/issues/299295.
 */
export const GEMINI_COUNT_MISMATCH =
  'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.';

/**
 * "Please ensure that function response turn comes immediately after a function call turn.":
 * https://github.com/langchain-ai/langchain/issues/27799, https://github.com/GoogleCloudPlatform/generative-ai/pull/368.
 */
export const GEMINI_RESPONSE_NOT_AFTER_CALL =
  'Please ensure that function response turn comes immediately after a function call turn.';

/**
 * "Please ensure that function call turn comes immediately after a user turn or after a function
 * response turn." (also when the history starts with a call turn):
 * https://github.com/google-gemini/gemini-cli/issues/11814, https://github.com/google-gemini/gemini-cli/issues/26486.
 */
export const GEMINI_CALL_NOT_AFTER_USER =
  'Please ensure that function call turn comes immediately after a user turn or after a function response turn.';

/**
 * "Content with role 'model' can't contain 'functionResponse' part": the check Google's SDKs run
 * on a chat history (`validateChatHistory` in google-gemini/generative-ai-js
 * packages/main/src/methods/chat-session-helpers.ts, and Firebase's Vertex AI SDK), worded
 * `Content with role '${role}' can't contain '${key}' part`
 * (https://github.com/run-llama/LlamaIndexTS/pull/1634 shows the `user` form).
 */
export const GEMINI_RESPONSE_IN_MODEL =
  "Content with role 'model' can't contain 'functionResponse' part";

/**
 * The proto check on an empty response name, as the API words it:
 * `* GenerateContentRequest.contents[3].parts[0].function_response.name: Name cannot be empty.`
 * (https://github.com/langflow-ai/langflow/issues/9437, https://github.com/ollama/ollama/issues/14214).
 * Gemini checks the request's shape before its turns, so this is the wording an empty name gets
 * whatever else is wrong with its response.
 */
export function emptyResponseNameMessage(index: number, partIndex: number): string {
  return `* GenerateContentRequest.contents[${index}].parts[${partIndex}].function_response.name: Name cannot be empty.`;
}
