import { BASE_PROFILE, type ProviderProfile } from '../../core/provider-profile.js';
import { isBedrockId } from './bedrock-issues.js';

/**
 * Amazon Bedrock Converse: `toolUseId` is 1 to 64 characters of `[a-zA-Z0-9_-]` and unique in the
 * request; every result sits in the user message right after its call.
 */
export const BEDROCK_PROFILE: ProviderProfile = {
  ...BASE_PROFILE,
  name: 'Bedrock',
  uniqueCallIds: 'conversation',
  toolsWithToolHistory: true,
  callIds: {
    description: 'matching ^[a-zA-Z0-9_-]+$, at most 64 characters',
    accepts: isBedrockId,
  },
};
