import { MESSAGE_FORMATS, type MessageFormat } from '../core/format.js';
import type { HistoryMessage } from '../core/history.js';
import type { ConversionWarning } from '../core/conversion-result.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { UnsupportedFormatError } from '../errors/unsupported-format-error.js';
import { describeType, isObject } from '../core/input-guards.js';
import {
  adapterFor,
  isMessageFormat,
  PROVIDER_PROFILES,
  type ChatHostName,
} from '../formats/index.js';
import { inspectHistory, ruleContextOf } from '../validate/validate-history.js';
import { addMissingCalls, type CallLookup, type KnownCall } from './add-missing-calls.js';
import { findRepairWindows } from './find-repair-windows.js';
import { readFormat, type FormatMessages } from './format-io.js';
import type { HistoryFix } from './history-fix.js';
import { HistoryRepairer } from './history-repairer.js';
import type { ProviderProfile } from '../core/provider-profile.js';
import { locateFix } from './locate-fix.js';
import { meetsProfileByTable } from './meets-profile.js';
import { repairInWindows } from './repair-in-windows.js';
import { resolvePolicy, type RepairPolicy } from './repair-policy.js';
import { resolveProfile } from './repair-tool-history.js';
import { inputLocator } from './wire-places.js';
import { writeKeeping } from './write-keeping.js';
import { leavesAll, wireAfterPass, withWirePass } from './with-wire-pass.js';
import type { HistoryInspection } from '../core/history-inspection.js';

/** What {@link repairHistory} fixes: everything (`'all'`), or only missing call turns. */
export type RepairPreset = 'all' | 'add-missing-calls';

const PRESETS: ReadonlySet<unknown> = new Set<RepairPreset>(['all', 'add-missing-calls']);

/** Options of {@link repairHistory}: the format, whose rules to meet, the preset, and the {@link RepairPolicy} fields. */
export interface RepairHistoryOptions<
  F extends MessageFormat = MessageFormat,
> extends RepairPolicy {
  /** The format `messages` are in; they come back in it. */
  readonly format: F;
  /**
   * The provider whose rules to meet, when not the format's own: a format name or a Chat
   * Completions host, e.g. `{ format: 'aiwrapper', provider: 'mistral' }`.
   */
  readonly provider?: MessageFormat | ChatHostName | undefined;
  /**
   * `'all'` (default) fixes everything the provider refuses; `'add-missing-calls'` only inserts
   * the missing call turn before results no call answers.
   */
  readonly preset?: RepairPreset | undefined;
  /** Calls seen elsewhere (e.g. in a part of the conversation trimmed away), for the names and arguments of synthesized calls. */
  readonly knownCalls?: readonly KnownCall[] | undefined;
  /** The model the request goes to, for model-specific rules, as in {@link validateHistory}. */
  readonly model?: string | undefined;
  /** Extended thinking (Anthropic) or thinking mode (DeepSeek) is on for the request. */
  readonly thinking?: boolean | undefined;
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

const FORMATS: ReadonlySet<unknown> = new Set(MESSAGE_FORMATS);

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
  return repairFormatHistory(messages, options);
}

/** {@link repairFormatHistory} never in windows, which tests compare the windows with. */
export function repairWholeHistory<F extends MessageFormat>(
  messages: readonly unknown[],
  options: RepairHistoryOptions<F> & InternalRepairOptions,
): RepairHistoryResult<FormatMessages[F]> {
  return repairFormatHistory(messages, options, 'whole');
}

type Reading = 'windows' | 'whole';

/**
 * {@link repairHistory} with the options only the package's own callers pass: the format's wire
 * pass before, the neutral engine, then the format's pass after.
 */
export function repairFormatHistory<F extends MessageFormat>(
  messages: readonly unknown[],
  options: RepairHistoryOptions<F> & InternalRepairOptions,
  reading: Reading = 'windows',
): RepairHistoryResult<FormatMessages[F]> {
  const format = formatOf(options);
  const preset = presetOf(options.preset);
  const profile = resolveProfile(options.provider ?? format);
  const context = ruleContextOf(options);
  const inspection = inspectHistory(messages, format, context, 'repair');
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
  const validAsIs = inspection.result.ok && profile === PROVIDER_PROFILES[format];
  if (preset !== 'all' || validAsIs) return repaired;
  return wireAfterPass(messages, repaired, rulesFormatOf(format, options.provider), context);
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
  // A plain array: `slice` on aiwrapper's LangMessages (an Array subclass) builds one, slowly.
  const unchanged = (): RepairHistoryResult<FormatMessages[F]> => ({
    messages: Array.from(messages) as FormatMessages[F],
    fixes: [],
    warnings: [],
  });
  // Nothing for the engine when only the wire pass after has work, or the table meets the profile.
  const settled = result.ok || leavesAll(format, result.issues);
  if (settled && (own || preset === 'add-missing-calls')) return unchanged();
  if (settled && meetsProfileByTable(table, profile) === true) return unchanged();
  const windows =
    own && preset === 'all' && reading === 'windows'
      ? findRepairWindows(messages, format, table, result.issues, profile)
      : undefined;
  if (windows !== undefined) {
    const inspection = { table, issues: result.issues };
    const policy = resolvePolicy(options);
    const repaired = repairInWindows(messages, format, inspection, windows, profile, policy);
    return repaired as RepairHistoryResult<FormatMessages[F]>;
  }
  const { history, idsAsRead } = readFormat(messages, format);
  const repaired =
    preset === 'add-missing-calls'
      ? addMissingCalls(history, {
          profile,
          scope: profile.scope,
          known: knownById(options.knownCalls),
          lookupCall: options.lookupCall,
          generateId: options.generateId,
          leaveThrough: options.leaveThrough,
          markTurn: options.markTurn,
        })
      : new HistoryRepairer(history, profile, resolvePolicy(options)).run();
  if (repaired.fixes.length === 0) return unchanged();
  const written = writeKeeping(messages, history, repaired.history, format, idsAsRead);
  const input = inputLocator(history, format);
  return {
    messages: written.messages as FormatMessages[F],
    fixes: repaired.fixes.map((fix) => locateFix(fix, input, written.locate)),
    warnings: written.warnings,
  };
}

function knownById(calls: readonly KnownCall[] | undefined): Map<string, KnownCall> | undefined {
  if (calls === undefined || calls.length === 0) return undefined;
  const known = new Map<string, KnownCall>();
  for (const call of calls) known.set(call.callId, call);
  return known;
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

function formatOf<F extends MessageFormat>(options: RepairHistoryOptions<F>): F {
  if (!isObject(options)) {
    throw new ToolHistoryError(
      'invalid-input',
      `repairHistory needs an options object with a format, e.g. { format: 'openai-chat' }, but got ${describeType(options)}.`,
    );
  }
  if (!FORMATS.has(options.format))
    throw new UnsupportedFormatError(options.format, MESSAGE_FORMATS);
  return options.format;
}
