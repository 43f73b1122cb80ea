import type { ChatHost } from '../shared/chat-host.js';

// DashScope prefixes its sentences with the status and its own code, and quotes with double quotes.
const PREFIX = '<400> InternalError.Algo.InvalidParameter: ';

/**
 * Qwen on Alibaba Cloud's DashScope (OpenAI-compatible mode): OpenAI's rules, in DashScope's
 * wording where replies were recorded. Its missing-result sentence names the message that closed
 * the turn (`message[15].role`) where OpenAI lists the ids.
 */
export const QWEN_HOST: ChatHost = {
  name: 'qwen',
  label: 'Qwen (DashScope)',
  wording: {
    // https://github.com/philschmid/mcp-openai-gemini-llama-example/pull/5,
    // https://github.com/QwenLM/qwen-code/issues/2360 (typo "preceeding" included).
    orphanResult: () =>
      `${PREFIX}messages with role "tool" must be a response to a preceeding message with "tool_calls".`,
    // https://github.com/alibaba/spring-ai-alibaba/issues/914, https://github.com/QwenLM/qwen-code/issues/315.
    missingResults: (_ids, closedAt) =>
      `${PREFIX}An assistant message with "tool_calls" must be followed by tool messages responding to each "tool_call_id". The following tool_call_ids did not have response messages: message[${closedAt}].role`,
  },
};
