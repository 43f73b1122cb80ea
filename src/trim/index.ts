// trimHistory and its token estimate. The lead wires these into src/index.ts.
export { trimHistory } from './trim-history.js';
export type {
  TrimHistoryOptions,
  TrimKeepOptions,
  TrimResult,
  DroppedMessage,
} from './trim-history.js';
export { estimateTokens, CHARACTERS_PER_TOKEN, TOKENS_PER_MESSAGE } from './token-estimate.js';
