import type { ConversionResult } from '../../core/history.js';
import { BASE_PROFILE, NON_EMPTY_CALL_ID } from '../../core/format.js';
import type { FormatAdapter } from '../shared/format-adapter.js';
import { fromVercelUi, lastMessageOf } from './from-vercel-ui.js';
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
  // A call and its result share a tool part: repair reads and writes only the messages with issues.
  resultsInCallMessage: true,
  repairWire: {
    // A window of a repair reads approvals with the whole history's last message.
    read: (messages, offset, whole) => {
      const madeUp = new Map<string, string>();
      const last = lastMessageOf(whole) - offset;
      const { messages: history } = fromVercelUi(messages, { last, madeUp });
      return {
        history,
        idsAsRead: { generated: new Set(madeUp.keys()), borrowed: new Set(), sent: madeUp },
      };
    },
  },
  write: (history, options) => toVercelUi(history, options),
  messagesKey: 'messages',
  wireShape: 'vercel-ui',
  signature: {
    message: (message) => Array.isArray(message.parts) && typeof message.id === 'string',
  },
  layout: 'blocks',
  joinsPrevious,
};
