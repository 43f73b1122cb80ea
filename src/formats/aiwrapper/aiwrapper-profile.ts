import {
  BASE_PROFILE,
  NON_EMPTY_CALL_ID,
  type ProviderProfile,
} from '../../core/provider-profile.js';

/**
 * aiwrapper `LangMessages`: the rule every provider shares and non-empty ids. Repair for a
 * provider by passing its profile.
 */
export const AIWRAPPER_PROFILE: ProviderProfile = {
  ...BASE_PROFILE,
  name: 'aiwrapper',
  callIds: NON_EMPTY_CALL_ID,
};
