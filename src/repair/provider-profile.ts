/**
 * Provider profiles: the rules a repaired history has to meet, per format. The types live in
 * core/provider-profile.ts, each format's profile in its folder (formats/<provider>/<provider>-profile.ts),
 * and the registry (formats/index.ts) lists them; this module re-exports them for repair.
 */
import type { MessageFormat } from '../core/format.js';
import type { ProviderProfile } from '../core/provider-profile.js';
import { PROVIDER_PROFILES } from '../formats/index.js';

export type { CallIdRule, ProviderProfile } from '../core/provider-profile.js';
export { PROVIDER_PROFILES } from '../formats/index.js';

/** The profile of `format`. */
export function profileFor(format: MessageFormat): ProviderProfile {
  return PROVIDER_PROFILES[format];
}
