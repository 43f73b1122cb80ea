import { BASE_PROFILE, type ProviderProfile } from '../../core/provider-profile.js';
import { MISTRAL_TOOL_CALL_ID_PATTERN } from './validate-mistral.js';

/**
 * Mistral: ids of exactly 9 characters of `[a-zA-Z0-9]`; as many responses as calls; no `user`
 * message right after a `tool` message ("Unexpected role 'user' after role 'tool'").
 */
export const MISTRAL_PROFILE: ProviderProfile = {
  ...BASE_PROFILE,
  name: 'Mistral',
  assistantAfterResults: true,
  alternatingRoles: true,
  callIds: {
    description: 'exactly 9 characters of [a-zA-Z0-9]',
    accepts: (id) => MISTRAL_TOOL_CALL_ID_PATTERN.test(id),
  },
};
