// pairToolCalls: each call with its result, for UIs and logs. The lead wires these into src/index.ts.
// Withheld: pairHistory and scopeOf (internal, shared with trimHistory), readNeutralHistory.
export { pairToolCalls } from './pair-tool-calls.js';
export type {
  PairToolCallsOptions,
  ToolCallPairs,
  ToolCallPair,
  PairedToolResult,
  UnpairedToolResult,
  ToolCallStatus,
} from './pair-tool-calls.js';
