import type { ConversionResult } from '../../core/conversion-result.js';
import { fromVercel } from './from-vercel.js';
import { toVercel } from './to-vercel.js';
import { inspectVercel } from './validate-vercel.js';
import { VERCEL_PROFILE } from './vercel-profile.js';
import type { VercelModelMessage } from './vercel-types.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

/** The Vercel AI SDK `ModelMessage[]`: reader, writer, validator, profile and wire facts. */
export const VERCEL_ADAPTER: FormatAdapter<'vercel', ConversionResult<VercelModelMessage[]>> = {
  format: 'vercel',
  profile: VERCEL_PROFILE,
  inspect: inspectVercel,
  read: (messages) => fromVercel(messages),
  write: (history) => toVercel(history),
  messagesKey: 'messages',
  systemField: undefined,
  layout: 'blocks',
  dropsEmptyText: false,
  mergesResultsIntoUser: false,
  generatesIds: false,
  roleOptionalForUser: false,
  errorResponseFor: undefined,
};
