// repairHistory and its neutral core. The lead wires these into src/index.ts.
export { repairHistory } from './repair-history.js';
export type { RepairHistoryOptions, RepairHistoryResult, RepairPreset } from './repair-history.js';
export { UNKNOWN_TOOL_NAME } from './add-missing-calls.js';
export type { KnownCall } from './add-missing-calls.js';
export { restoreIds } from './restore-ids.js';
export type { RestoreIdsOptions } from './restore-ids.js';
export { PROVIDER_PROFILES, profileFor } from './provider-profile.js';
export type { ProviderProfile, CallIdRule } from './provider-profile.js';
export { DEFAULT_MISSING_RESULT_TEXTS } from './repair-policy.js';
export type {
  RepairPolicy,
  MissingResultContext,
  MissingResultContent,
  MissingResultTexts,
} from './repair-policy.js';
export type { FormatMessages } from './format-io.js';
export type {
  HistoryFix,
  HistoryFixKind,
  RepairResult,
  SynthesizedCallFix,
  ResultToTextFix,
  InsertedPlaceholderFix,
  MissingResultCause,
  MovedResultFix,
  DroppedDuplicateFix,
  RewroteIdFix,
  IdRewriteCause,
  MovedTextFix,
  RenamedResultFix,
  InsertedAssistantTurnFix,
  InsertedUserTurnFix,
} from './history-fix.js';
// Withheld: repairToolHistory (the neutral core), restoreToolHistoryIds, HistoryRepairer, the fixes/ helpers and the wire locators are internal.
