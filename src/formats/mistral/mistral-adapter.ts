import { MISTRAL_LEAVES, unrepairedMistral } from './mistral-wire-repair.js';
import type { ConversionResult } from '../../core/conversion-result.js';
import { fromMistral } from './from-mistral.js';
import { MISTRAL_PROFILE } from './mistral-profile.js';
import type { MistralMessage } from './mistral-types.js';
import { toMistral } from './to-mistral.js';
import { inspectMistral } from './validate-mistral.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

/** The Mistral `messages`: reader, writer, validator, profile and wire facts. */
export const MISTRAL_ADAPTER: FormatAdapter<'mistral', ConversionResult<MistralMessage[]>> = {
  format: 'mistral',
  profile: MISTRAL_PROFILE,
  inspect: inspectMistral,
  read: (messages) => fromMistral(messages),
  write: (history, options) => toMistral(history, options),
  messagesKey: 'messages',
  wireShape: 'chat-completions',
  signature: undefined,
  systemField: undefined,
  layout: 'chat',
  dropsEmptyText: false,
  mergesResultsIntoUser: false,
  roleOptionalForUser: false,
  repairWire: { after: unrepairedMistral, leaves: MISTRAL_LEAVES },
};
