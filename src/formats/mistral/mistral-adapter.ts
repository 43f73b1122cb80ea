import { MISTRAL_LEAVES, unrepairedMistral } from './mistral-wire-repair.js';
import type { ConversionResult } from '../../core/history.js';
import { BASE_PROFILE } from '../../core/format.js';
import { fromMistral } from '../openai-chat/from-openai-chat.js';
import type { MistralMessage } from '../openai-chat/openai-chat-types.js';
import { toMistral } from '../openai-chat/to-openai-chat.js';
import { inspectMistral, MISTRAL_TOOL_CALL_ID_PATTERN } from './validate-mistral.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

/** The Mistral `messages`. */
export const MISTRAL_ADAPTER: FormatAdapter<'mistral', ConversionResult<MistralMessage[]>> = {
  format: 'mistral',
  // As many responses as calls; no `user` right after a `tool` message.
  profile: {
    ...BASE_PROFILE,
    name: 'Mistral',
    assistantAfterResults: true,
    alternatingRoles: true,
    callIds: {
      description: 'exactly 9 characters of [a-zA-Z0-9]',
      accepts: (id) => MISTRAL_TOOL_CALL_ID_PATTERN.test(id),
    },
  },
  inspect: inspectMistral,
  read: fromMistral,
  write: toMistral,
  messagesKey: 'messages',
  wireShape: 'chat-completions',
  layout: 'chat',
  repairWire: { after: unrepairedMistral, leaves: MISTRAL_LEAVES },
};
