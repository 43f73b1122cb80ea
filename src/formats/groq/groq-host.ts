import type { ChatHost } from '../shared/chat-host.js';

/**
 * Groq's Chat Completions: OpenAI's rules, with schema errors worded in Groq's own shape,
 * `'messages.3' : for 'role:tool' the following must be satisfied[(…)]`. Groq moved its message
 * schema to OpenAI's in 2025 (https://github.com/0xPlaygrounds/rig/pull/1137); the rules without
 * a recorded Groq reply keep OpenAI's wording.
 */
export const GROQ_HOST: ChatHost = {
  name: 'groq',
  label: 'Groq',
  wording: {
    // https://github.com/hackclub/ai/issues/22
    missingToolCallId: (index) =>
      `'messages.${index}' : for 'role:tool' the following must be satisfied[('messages.${index}.tool_call_id' : property 'tool_call_id' is missing)]`,
    // https://github.com/tidyverse/ellmer/issues/162
    nullContent: (index) =>
      `'messages.${index}' : for 'role:assistant' the following must be satisfied[('messages.${index}.content' : value must be a string)]`,
  },
};
