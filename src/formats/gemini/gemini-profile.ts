import {
  BASE_PROFILE,
  NON_EMPTY_CALL_ID,
  type ProviderProfile,
} from '../../core/provider-profile.js';

/** Gemini: call turns follow a user or response turn; responses name their call's function. */
export const GEMINI_PROFILE: ProviderProfile = {
  ...BASE_PROFILE,
  name: 'Gemini',
  resultNamesMatchCalls: true,
  callTurnAfterUser: true,
  alternatingRoles: true,
  callIds: NON_EMPTY_CALL_ID,
};
