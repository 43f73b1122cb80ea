import { BASE_PROFILE, type ProviderProfile } from '../../core/provider-profile.js';
import { OPENAI_RESPONSES_MAX_CALL_ID_LENGTH } from './validate-openai-responses.js';

/**
 * OpenAI Responses: `call_id` of 1–64 characters, unique in the whole input; an output answers a
 * call anywhere earlier.
 */
export const OPENAI_RESPONSES_PROFILE: ProviderProfile = {
  ...BASE_PROFILE,
  name: 'OpenAI Responses',
  scope: 'conversation',
  uniqueCallIds: 'conversation',
  callIds: {
    description: `1 to ${OPENAI_RESPONSES_MAX_CALL_ID_LENGTH} characters`,
    accepts: (id) => id !== '' && id.length <= OPENAI_RESPONSES_MAX_CALL_ID_LENGTH,
  },
};
