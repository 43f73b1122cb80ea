import {
  BASE_PROFILE,
  NON_EMPTY_CALL_ID,
  type ProviderProfile,
} from '../../core/provider-profile.js';

/**
 * Vercel AI SDK `ModelMessage`: the rule every provider shares and non-empty ids. Repair for a
 * provider by passing its profile.
 */
export const VERCEL_PROFILE: ProviderProfile = {
  ...BASE_PROFILE,
  name: 'Vercel AI SDK',
  callIds: NON_EMPTY_CALL_ID,
};
