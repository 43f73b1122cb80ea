import { BASE_PROFILE, type ProviderProfile } from '../../core/provider-profile.js';
import { OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH } from './validate-openai-chat.js';

/**
 * OpenAI Chat Completions: ids of 1–40 characters ("Expected a string with maximum length 40"),
 * unique within a turn; results directly after their turn.
 */
export const OPENAI_CHAT_PROFILE: ProviderProfile = {
  ...BASE_PROFILE,
  name: 'OpenAI Chat',
  callIds: {
    description: `1 to ${OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH} characters`,
    accepts: (id) => id !== '' && id.length <= OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH,
  },
};
