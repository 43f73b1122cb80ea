import {
  moveGeminiResponseMedia,
  readGeminiForRepair,
  repairGeminiWire,
} from './gemini-wire-repair.js';
import { fromGemini } from './from-gemini.js';
import { BASE_PROFILE, NON_EMPTY_CALL_ID } from '../../core/format.js';
import { toGemini, type GeminiConversionResult } from './to-gemini.js';
import { inspectGemini } from './validate-gemini.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

/** The Gemini `contents`: reader, writer, validator, profile and wire facts. */
export const GEMINI_ADAPTER: FormatAdapter<'gemini', GeminiConversionResult> = {
  format: 'gemini',
  // Call turns follow a user or response turn; responses name their call's function.
  profile: {
    ...BASE_PROFILE,
    name: 'Gemini',
    resultNamesMatchCalls: true,
    callTurnAfterUser: true,
    alternatingRoles: true,
    callIds: NON_EMPTY_CALL_ID,
  },
  inspect: inspectGemini,
  read: fromGemini,
  write: toGemini,
  messagesKey: 'contents',
  wireShape: 'gemini',
  signature: {
    message: (message) => Array.isArray(message.parts) || message.role === 'model',
  },
  systemField: 'systemInstruction',
  layout: 'blocks',
  dropsEmptyText: true,
  roleOptionalForUser: true,
  repairWire: {
    before: repairGeminiWire,
    read: readGeminiForRepair,
    after: moveGeminiResponseMedia,
    // Media in a response for a model before Gemini 3: only the pass after mends it.
    leaves: new Set(['invalid-content']),
  },
};
