import { BASE_PROFILE, NON_EMPTY_CALL_ID } from '../../core/format.js';
import { fromAiwrapper } from './from-aiwrapper.js';
import { toAiwrapper, type AiwrapperConversionResult } from './to-aiwrapper.js';
import { AIWRAPPER_LAYOUT } from './validate-aiwrapper.js';
import { inspectNeutral } from '../../core/neutral-issue.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

/** The aiwrapper `LangMessages`: reader, writer, validator, profile and wire facts. */
export const AIWRAPPER_ADAPTER: FormatAdapter<'aiwrapper', AiwrapperConversionResult> = {
  format: 'aiwrapper',
  // The rule every provider shares, and non-empty ids; repair for a provider with its format.
  profile: { ...BASE_PROFILE, name: 'aiwrapper', callIds: NON_EMPTY_CALL_ID },
  // No rule of the format depends on the rule context.
  inspect: (messages, _context, use) => inspectNeutral(messages, AIWRAPPER_LAYOUT, use),
  read: (messages, options) =>
    fromAiwrapper(messages, {
      instructions: typeof options?.instructions === 'string' ? options.instructions : undefined,
    }),
  write: (history, options) => toAiwrapper(history, options),
  messagesKey: 'messages',
  wireShape: 'aiwrapper',
  signature: {
    // `items` and the `tool-results` role are aiwrapper's own.
    message: (message) => Array.isArray(message.items) || message.role === 'tool-results',
  },
  systemField: 'instructions',
  layout: 'blocks',
};
