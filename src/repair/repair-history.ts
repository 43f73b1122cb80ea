import {
  MESSAGE_FORMATS,
  type MessageFormat,
  type ProviderProfile,
  type RuleContext,
} from '../core/format.js';
import type { HistoryMessage, ConversionWarning } from '../core/history.js';
import { ToolHistoryError, UnsupportedFormatError } from '../errors/tool-history-error.js';
import {
  adapterFor,
  CHAT_HOST_NAMES,
  CHAT_HOSTS,
  isChatHostName,
  isMessageFormat,
  PROVIDER_PROFILES,
  type ChatHostName,
} from '../formats/index.js';
import { formatOf, inspectHistory, ruleContextOf } from '../validate/validate-history.js';
import { findRepairWindows } from './find-repair-windows.js';
import type { FormatMessages } from './format-io.js';
import type { HistoryFix } from './history-fix.js';
import type { CallLookup, KnownCall } from './history-repairer.js';
import { repairInWindows } from './repair-in-windows.js';
import { resolvePolicy, type RepairPolicy } from './repair-policy.js';
import type { WireRepair, WireRepairHooks } from '../formats/shared/wire-repair.js';
import type { HistoryIssue } from '../errors/history-issue.js';
import type { HistoryInspection } from '../core/history-inspection.js';
import { CALLS_ENTRY, firstInTurn, SMALL_TURN } from '../core/pair-tool-turns.js';
import type { ToolTurnTable } from '../core/tool-turn-table.js';
import { CallIdIndex } from '../core/call-id-index.js';

/** What {@link repairHistory} fixes: everything (`'all'`), or only missing call turns. */
export type RepairPreset = 'all' | 'add-missing-calls';

const PRESETS: ReadonlySet<unknown> = new Set<RepairPreset>(['all', 'add-missing-calls']);

/** Options of {@link repairHistory}: the format, whose rules to meet, the preset, and the {@link RepairPolicy} fields. */
export interface RepairHistoryOptions<
  F extends MessageFormat = MessageFormat,
> extends RepairPolicy {
  /** The format `messages` are in; they come back in it. */
  readonly format: F;
  /** The provider whose rules to meet, when not the format's own: a format or a Chat host. */
  readonly provider?: MessageFormat | ChatHostName | undefined;
  /** `'all'` (default) fixes everything; `'add-missing-calls'` only adds calls for orphan results. */
  readonly preset?: RepairPreset | undefined;
  /** Calls seen elsewhere (e.g. in a part of the conversation trimmed away), for the names and arguments of synthesized calls. */
  readonly knownCalls?: readonly KnownCall[] | undefined;
  /** The model the request goes to, for model-specific rules, as in {@link validateHistory}. */
  readonly model?: string | undefined;
  /** Extended thinking (Anthropic) or thinking mode (DeepSeek) is on for the request. */
  readonly thinking?: boolean | undefined;
  /** The request's Responses `store`, as in {@link validateHistory}. @defaultValue true */
  readonly store?: boolean | undefined;
}

/** Options only the package's own callers pass (the aiwrapper integration). */
export interface InternalRepairOptions {
  /** Finds a call by id and name elsewhere, before `knownCalls`. */
  readonly lookupCall?: CallLookup | undefined;
  /** Results of wire messages at or before this index are left alone (preset `add-missing-calls`). */
  readonly leaveThrough?: number | undefined;
  /** `providerData` of synthesized call turns (preset `add-missing-calls`). */
  readonly markTurn?: HistoryMessage['providerData'];
}

/** The outcome of {@link repairHistory}. */
export interface RepairHistoryResult<T> {
  /** A new array in the input's format; every unchanged message is the input's own object. */
  readonly messages: T;
  /** Every change made, in message order, indexed into `messages` (`fromIndex`: the input). */
  readonly fixes: readonly HistoryFix[];
  /** What writing the changed messages back could not carry over. */
  readonly warnings: readonly ConversionWarning[];
}

/**
 * Returns a copy of `messages` the provider accepts, in the same format, and every change made;
 * unchanged messages are the input's own objects, so prompt caches keep hitting.
 * @throws {UnsupportedFormatError} when `options.format` or `options.provider` names no known format.
 * @throws {ToolHistoryError} `invalid-input` when `messages` or a message does not have the
 *   format's shape, or `options.preset` is unknown.
 * @example
 * const { messages: safe, fixes } = repairHistory(body.messages, { format: 'openai-chat' });
 * for (const fix of fixes) console.warn(fix.kind, fix.messageIndex, fix.message);
 */
export function repairHistory<F extends MessageFormat>(
  messages: readonly unknown[],
  options: RepairHistoryOptions<F>,
): RepairHistoryResult<FormatMessages[F]> {
  const repaired = repairFormatHistory(messages, options);
  return repaired.messages === messages
    ? { ...repaired, messages: messages.slice() as never }
    : repaired;
}

/** {@link repairFormatHistory} never in windows, which tests compare the windows with. */
export function repairWholeHistory<F extends MessageFormat>(
  messages: readonly unknown[],
  options: RepairHistoryOptions<F> & InternalRepairOptions,
): RepairHistoryResult<FormatMessages[F]> {
  const repaired = repairFormatHistory(messages, options, 'whole');
  return repaired.messages === messages
    ? { ...repaired, messages: messages.slice() as never }
    : repaired;
}

type Reading = 'windows' | 'whole';

/**
 * {@link repairHistory} with the internal options: wire pass before, the repairer, wire pass after.
 * When nothing needs fixing, `messages` comes back as `messages` itself, not a copy.
 */
export function repairFormatHistory<F extends MessageFormat>(
  messages: readonly unknown[],
  options: RepairHistoryOptions<F> & InternalRepairOptions,
  reading: Reading = 'windows',
): RepairHistoryResult<FormatMessages[F]> {
  const format = formatOf(options, 'repairHistory') as F;
  const preset = presetOf(options.preset);
  const profile = resolveProfile(options.provider ?? format);
  const context = ruleContextOf(options);
  const inspection = inspectHistory(messages, format, context, 'repair');
  const rulesFormat = rulesFormatOf(format, options.provider);
  const own = profile === PROVIDER_PROFILES[format];
  if (inspection.result.ok && acceptedAsIs(inspection.table, profile, own, rulesFormat, preset))
    return { messages: messages as FormatMessages[F], fixes: [], warnings: [] };
  // What the neutral model cannot say (Gemini's part roles and thought signatures).
  const before =
    inspection.result.ok || preset !== 'all'
      ? undefined
      : adapterFor(format).repairWire?.before?.(messages, inspection.result.issues, context);
  let repaired: RepairHistoryResult<FormatMessages[F]>;
  if (before === undefined) {
    repaired = repairNeutral(messages, format, inspection, profile, options, reading);
  } else {
    const passed =
      before.messages === messages
        ? inspection
        : inspectHistory(before.messages, format, context, 'repair');
    const engine = repairNeutral(before.messages, format, passed, profile, options, reading);
    repaired = withWirePass(messages, before, engine);
  }
  // Rules the neutral model cannot see (Anthropic's thinking, Responses reasoning, Mistral's end).
  if (preset !== 'all') return repaired;
  const { after, afterActsOn } = adapterFor(rulesFormat).repairWire ?? {};
  if (after === undefined) return repaired;
  // Under its own profile, the engine leaves the pass after it nothing to do when the input did not.
  const { issues } = inspection.result;
  if (afterActsOn && own && !issues.some((issue) => afterActsOn(issue, messages))) return repaired;
  return wireAfterPass(messages, repaired, after, context);
}

/**
 * Whether a history its own format's validator accepted needs nothing more: under preset
 * `add-missing-calls`, or when it meets `profile` and no pass after the engine has rules to check.
 */
function acceptedAsIs(
  table: ToolTurnTable,
  profile: ProviderProfile,
  own: boolean,
  rulesFormat: MessageFormat,
  preset: RepairPreset,
): boolean {
  if (preset !== 'all' || own) return true;
  return (
    adapterFor(rulesFormat).repairWire?.after === undefined && meetsProfileByTable(table, profile)
  );
}

/** The provider's format when it reads the same wire messages (Mistral on Chat), else `format`. */
function rulesFormatOf(
  format: MessageFormat,
  provider: RepairHistoryOptions['provider'],
): MessageFormat {
  return isMessageFormat(provider) &&
    adapterFor(provider).wireShape === adapterFor(format).wireShape
    ? provider
    : format;
}

/** Repairs only the windows around the issues where it can, else read → repair → write back. */
function repairNeutral<F extends MessageFormat>(
  messages: readonly unknown[],
  format: F,
  { result, table }: HistoryInspection,
  profile: ProviderProfile,
  options: RepairHistoryOptions<F> & InternalRepairOptions,
  reading: Reading,
): RepairHistoryResult<FormatMessages[F]> {
  const preset = presetOf(options.preset);
  const own = profile === PROVIDER_PROFILES[format];
  // Nothing for the engine when only the wire pass after has work, or the table meets the profile.
  const settled = result.ok || leavesAll(format, result.issues);
  const windows =
    settled && (own || preset === 'add-missing-calls' || meetsProfileByTable(table, profile))
      ? []
      : own && preset === 'all' && reading === 'windows'
        ? findRepairWindows(messages, format, table, result.issues, profile)
        : undefined;
  const only =
    preset === 'all'
      ? undefined
      : { ...options, known: new Map(options.knownCalls?.map((call) => [call.callId, call])) };
  const policy = resolvePolicy(options);
  const repaired = repairInWindows(messages, format, table, windows, profile, policy, only);
  return repaired as RepairHistoryResult<FormatMessages[F]>;
}

function presetOf(preset: unknown): RepairPreset {
  if (preset === undefined) return 'all';
  if (!PRESETS.has(preset))
    throw new ToolHistoryError(
      'invalid-input',
      `Unknown repair preset ${JSON.stringify(preset)}; use 'all' or 'add-missing-calls'.`,
    );
  return preset as RepairPreset;
}

/**
 * Whether a history its own format's validator accepted (read into `table`) also meets `profile`:
 * false when the profile has rules the table cannot show (where text sits, result names, turn order).
 */
function meetsProfileByTable(table: ToolTurnTable, profile: ProviderProfile): boolean {
  if (table.pairing?.scope !== 'turn') return false;
  const { textBeforeCalls, resultNamesMatchCalls, callTurnAfterUser, assistantAfterResults } =
    profile;
  if (textBeforeCalls || resultNamesMatchCalls || callTurnAfterUser || assistantAfterResults)
    return false;
  const idAt = (slot: number): string => table.idAt(slot);
  const inConversation =
    profile.uniqueCallIds === 'conversation' ? new CallIdIndex(table.sites, idAt) : undefined;
  for (let turn = 0; turn < table.count; turn++) {
    if (table.kinds[turn] !== CALLS_ENTRY) continue;
    const start = table.starts[turn] ?? 0;
    const end = table.starts[turn + 1] ?? 0;
    // Unique within the turn: a small turn looks back instead of using an index.
    const firsts =
      inConversation ?? (end - start > SMALL_TURN ? new CallIdIndex(end - start, idAt) : undefined);
    for (let slot = start; slot < end; slot++) {
      const id = table.idAt(slot);
      if (!profile.callIds.accepts(id)) return false;
      const earlier = firsts ? firsts.firstOrAdd(id, slot) : firstInTurn(table, id, start, slot);
      if (earlier !== -1) return false;
    }
  }
  return true;
}

/** The profile named: a format's, or a Chat Completions host's (`'deepseek'`); Vercel's when none. */
export function resolveProfile(profile: MessageFormat | ChatHostName | undefined): ProviderProfile {
  if (profile === undefined) return PROVIDER_PROFILES.vercel;
  if (isChatHostName(profile))
    return CHAT_HOSTS[profile].profile ?? PROVIDER_PROFILES['openai-chat'];
  if (!isMessageFormat(profile))
    throw new UnsupportedFormatError(profile, [...MESSAGE_FORMATS, ...CHAT_HOST_NAMES]);
  return PROVIDER_PROFILES[profile];
}

/** True when every issue is one the format's repair leaves as it is (see `WireRepairHooks.leaves`). */
function leavesAll(format: MessageFormat, issues: readonly HistoryIssue[]): boolean {
  const leaves = adapterFor(format).repairWire?.leaves;
  return leaves !== undefined && issues.every((issue) => leaves.has(issue.code));
}

/** Runs the format's pass after the engine (`repairWire.after`) and adds its fixes and warnings. */
function wireAfterPass<T>(
  input: readonly unknown[],
  repaired: RepairHistoryResult<T>,
  after: NonNullable<WireRepairHooks['after']>,
  context: RuleContext,
): RepairHistoryResult<T> {
  let indexes: Map<unknown, number> | undefined;
  const inputIndexOf = (message: unknown): number => {
    indexes ??= new Map(input.map((entry, index) => [entry, index]));
    return indexes.get(message) ?? -1;
  };
  const wire = after(repaired.messages as readonly unknown[], context, inputIndexOf);
  if (wire === undefined) return repaired;
  const fixes: HistoryFix[] = [...repaired.fixes, ...wire.fixes];
  return {
    messages: wire.messages as T,
    // In message order; sort is stable, so fixes of one message keep theirs.
    fixes: fixes.sort((a, b) => a.messageIndex - b.messageIndex),
    warnings: [...repaired.warnings, ...wire.warnings],
  };
}

/** Joins the wire pass's changes with the engine's, indexes pointing into input and result. */
function withWirePass<T>(
  input: readonly unknown[],
  wire: WireRepair,
  repaired: RepairHistoryResult<T>,
): RepairHistoryResult<T> {
  const output = repaired.messages as readonly unknown[];
  const place = placeIn(wire.messages, output, repaired.fixes);
  const { inputIndexes } = wire;
  const fromInput = (index: number): number =>
    inputIndexes === undefined ? index : (inputIndexes[index] ?? index);
  const engineFixes = repaired.fixes.map((fix): HistoryFix => {
    if (inputIndexes === undefined || !('fromIndex' in fix)) return fix;
    const fromIndex = fromInput(fix.fromIndex);
    // The engine's message cites the place in the pass's output; the caller's array is the input.
    const message = fix.message.replace(`messages[${fix.fromIndex}]`, `messages[${fromIndex}]`);
    return { ...fix, fromIndex, message };
  });
  const wireFixes = wire.fixes.map((fix) => ({ ...fix, messageIndex: place(fix.messageIndex) }));
  const warnings = [
    ...wire.warnings.map((warning) => ({ ...warning, messageIndex: place(warning.messageIndex) })),
    ...repaired.warnings,
  ];
  const messages = wire.fixes.length === 0 && repaired.fixes.length === 0 ? input.slice() : output;
  return {
    messages: messages as T,
    fixes: [...wireFixes, ...engineFixes].sort((a, b) => a.messageIndex - b.messageIndex),
    warnings,
  };
}

/**
 * Where each message of the pass's output landed in the engine's: by identity, else by a fix's
 * `fromIndex`, else counted from the nearest earlier message kept.
 */
function placeIn(
  passed: readonly unknown[],
  output: readonly unknown[],
  engineFixes: readonly HistoryFix[],
): (index: number) => number {
  if (engineFixes.length === 0) return (index) => index;
  const where = new Map<unknown, number>();
  output.forEach((message, index) => where.set(message, index));
  const movedTo = new Map<number, number>();
  for (const fix of engineFixes)
    if ('fromIndex' in fix && typeof fix.fromIndex === 'number' && !movedTo.has(fix.fromIndex))
      movedTo.set(fix.fromIndex, fix.messageIndex);
  return (index) => {
    const kept = where.get(passed[index]);
    if (kept !== undefined) return kept;
    const moved = movedTo.get(index);
    if (moved !== undefined) return moved;
    for (let earlier = index - 1; earlier >= 0; earlier--) {
      const at = where.get(passed[earlier]);
      if (at !== undefined) return at + (index - earlier);
    }
    return index;
  };
}
