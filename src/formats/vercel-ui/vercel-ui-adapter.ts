import type { ConversionResult } from '../../core/history.js';
import { BASE_PROFILE, NON_EMPTY_CALL_ID } from '../../core/format.js';
import type { FormatAdapter } from '../shared/format-adapter.js';
import { fromVercelUi } from './from-vercel-ui.js';
import { joinsPrevious, toVercelUi } from './to-vercel-ui.js';
import { inspectVercelUi } from './validate-vercel-ui.js';
import type { VercelUIMessage } from './vercel-ui-types.js';

/** The Vercel AI SDK `UIMessage[]` (`useChat`): reader, writer, validator and profile. */
export const VERCEL_UI_ADAPTER: FormatAdapter<'vercel-ui', ConversionResult<VercelUIMessage[]>> = {
  format: 'vercel-ui',
  profile: { ...BASE_PROFILE, name: 'Vercel AI SDK UI messages', callIds: NON_EMPTY_CALL_ID },
  // No rule of the format depends on the rule context.
  inspect: (messages, _context, use) => inspectVercelUi(messages, use),
  read: (messages) => fromVercelUi(messages),
  write: (history, options) => toVercelUi(history, options),
  messagesKey: 'messages',
  wireShape: 'vercel-ui',
  signature: {
    message: (message) => Array.isArray(message.parts) && typeof message.id === 'string',
  },
  layout: 'blocks',
  joinsPrevious,
};
