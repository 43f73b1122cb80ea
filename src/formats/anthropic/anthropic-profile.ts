import { BASE_PROFILE, type ProviderProfile } from '../../core/provider-profile.js';
import { isAnthropicId } from './anthropic-issues.js';

/**
 * Anthropic: `tool_use.id` matches `^[a-zA-Z0-9_-]+$` and is unique in the request; the results
 * open the next user turn; no text after the `tool_use` blocks; a request with tool history
 * declares tools ("Requests which include `tool_use` or `tool_result` blocks must define tools.").
 */
export const ANTHROPIC_PROFILE: ProviderProfile = {
  ...BASE_PROFILE,
  name: 'Anthropic',
  uniqueCallIds: 'conversation',
  textBeforeCalls: true,
  toolsWithToolHistory: true,
  callIds: {
    description: 'matching ^[a-zA-Z0-9_-]+$',
    accepts: isAnthropicId,
  },
};
