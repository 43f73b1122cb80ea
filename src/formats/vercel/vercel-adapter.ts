import { isObject } from '../../core/input-guards.js';
import type { ConversionResult } from '../../core/history.js';
import { fromVercel, readVercel } from './from-vercel.js';
import { approvalAnswers, dropUnusableApprovals, unknownApprovals } from './vercel-approvals.js';
import { byMessageIndex, toValidationResult } from '../../errors/history-issue.js';
import { toVercel } from './to-vercel.js';
import { VERCEL_LAYOUT } from './validate-vercel.js';
import { inspectNeutral } from '../../core/neutral-issue.js';
import { BASE_PROFILE, NON_EMPTY_CALL_ID } from '../../core/format.js';
import type { VercelModelMessage } from './vercel-types.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

// Content part types only the AI SDK's ModelMessage has.
const VERCEL_PART_TYPES = new Set([
  'tool-call',
  'tool-result',
  'tool-approval-request',
  'tool-approval-response',
  'reasoning',
  'file',
]);

/** The Vercel AI SDK `ModelMessage[]`: reader, writer, validator, profile and wire facts. */
export const VERCEL_ADAPTER: FormatAdapter<'vercel', ConversionResult<VercelModelMessage[]>> = {
  format: 'vercel',
  // The rule every provider shares, and non-empty ids; repair for a provider with its format.
  profile: { ...BASE_PROFILE, name: 'Vercel AI SDK', callIds: NON_EMPTY_CALL_ID },
  // No rule of the format depends on the rule context.
  inspect: (messages, _context, use) => {
    const inspection = inspectNeutral(messages, VERCEL_LAYOUT, use);
    const unknown = unknownApprovals(messages);
    if (unknown.length === 0) return inspection;
    const issues = [...inspection.result.issues, ...unknown].sort(byMessageIndex);
    return { ...inspection, result: toValidationResult(issues) };
  },
  read: (messages) => fromVercel(messages),
  repairWire: {
    before: (messages) => dropUnusableApprovals(messages),
    // Approvals answer only in the trailing tool messages: the window that ends the history.
    read: (messages, offset, whole) => ({
      history: readVercel(
        messages,
        offset + messages.length === whole.length ? approvalAnswers(whole) : new Map(),
      ).messages,
      idsAsRead: { generated: new Set(), borrowed: new Set() },
    }),
  },
  write: (history, options) => toVercel(history, options),
  messagesKey: 'messages',
  wireShape: 'vercel',
  signature: {
    // An image without a `source` object is Vercel's (`image: url | data`); Anthropic's has one.
    contentPart: (part) =>
      typeof part.type === 'string' &&
      (VERCEL_PART_TYPES.has(part.type) || (part.type === 'image' && !isObject(part.source))),
  },
  layout: 'blocks',
};
