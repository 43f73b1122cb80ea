import { MESSAGE_FORMATS, type MessageFormat } from '../core/format.js';
import type { HistoryMessage } from '../core/history.js';
import type { ConversionWarning } from '../core/conversion-result.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { UnsupportedFormatError } from '../errors/unsupported-format-error.js';
import { describeType, isObject } from '../core/input-guards.js';
import { adapterFor, isMessageFormat, type ChatHostName } from '../formats/index.js';
import { inspectHistory } from '../validate/inspect-history.js';
import { ruleContextOf } from '../validate/rule-context-of.js';
import { addMissingCalls, type CallLookup, type KnownCall } from './add-missing-calls.js';
import { findRepairWindows } from './find-repair-windows.js';
import { readFormat, type FormatMessages } from './format-io.js';
import type { HistoryFix } from './history-fix.js';
import { HistoryRepairer } from './history-repairer.js';
import { PROVIDER_PROFILES, type ProviderProfile } from './provider-profile.js';
import { locateFix } from './locate-fix.js';
import { meetsProfileByTable } from './meets-profile.js';
import { repairInWindows } from './repair-in-windows.js';
import { resolvePolicy, type RepairPolicy } from './repair-policy.js';
import { resolveProfile } from './repair-tool-history.js';
import { inputLocator } from './wire-places.js';
import { writeKeeping } from './write-keeping.js';
import { leavesAll, wireAfterPass, wirePass, withWirePass } from './with-wire-pass.js';
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
   * The provider whose rules to meet, when not the format's own (e.g. aiwrapper messages bound
   * for Mistral: `{ format: 'aiwrapper', provider: 'mistral' }`): a format name, a host that
   * speaks Chat Completions (`'deepseek'`, `'groq'`, `'qwen'`, `'openai'`).
   * @defaultValue the profile of `format`
   */
  readonly provider?: MessageFormat | ChatHostName | undefined;
  /**
   * `'all'` fixes everything the provider refuses. `'add-missing-calls'` only inserts the missing
   * assistant call turn before results no call answers, and changes nothing else: a synthesized
   * call is named after its result when the result has a name, else after a known call with its
   * id, else {@link UNKNOWN_TOOL_NAME}; its arguments come from a known call of that name, else `{}`.
   * @defaultValue 'all'
   */
  readonly preset?: RepairPreset | undefined;
  /** Calls seen elsewhere (e.g. in a part of the conversation trimmed away), for the names and arguments of synthesized calls. */
  readonly knownCalls?: readonly KnownCall[] | undefined;
  /**
   * The model the request goes to, for rules that hold only for some models (Gemini 3's thought
   * signatures, DeepSeek's reasoner), as in {@link validateHistory}.
   */
  readonly model?: string | undefined;
  /**
   * Extended thinking (Anthropic) or thinking mode (DeepSeek) is on for the request.
   * @defaultValue false
   */
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
  /** A new array in the input's format; the input is untouched, and every message the repair did not change is the input's own object. */
  readonly messages: T;
  /**
   * Every change made, in message order, with indexes into `messages` (and `fromIndex` into the
   * input). Empty when the input was already valid.
   */
  readonly fixes: readonly HistoryFix[];
  /** What writing the changed messages back to the format could not carry over. Usually empty. */
  readonly warnings: readonly ConversionWarning[];
}

const FORMATS: ReadonlySet<unknown> = new Set(MESSAGE_FORMATS);

/**
 * Returns a copy of `messages` that the provider accepts, in the same format, and every change
 * made.
 *
 * Every message the repair did not change is the input's own object, so its bytes stay as they
 * were and providers' prompt caches keep hitting. Fix indexes point into the returned array; a
 * dropped duplicate or an orphan turned into text is kept whole in its fix.
 *
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

/** {@link repairHistory} with the options only the package's own callers pass. */
export function repairFormatHistory<F extends MessageFormat>(
  messages: readonly unknown[],
  options: RepairHistoryOptions<F> & InternalRepairOptions,
): RepairHistoryResult<FormatMessages[F]> {
  return repairWith(messages, options, 'windows');
}

/** {@link repairFormatHistory} never in windows, which tests compare the windows with. */
export function repairWholeHistory<F extends MessageFormat>(
  messages: readonly unknown[],
  options: RepairHistoryOptions<F> & InternalRepairOptions,
): RepairHistoryResult<FormatMessages[F]> {
  return repairWith(messages, options, 'whole');
}

/** How the engine reads a broken history: only the stretches around its issues, or all of it. */
type Reading = 'windows' | 'whole';

/** The format's step before the engine, the engine, then the format's step after it. */
function repairWith<F extends MessageFormat>(
  messages: readonly unknown[],
  options: RepairHistoryOptions<F> & InternalRepairOptions,
  reading: Reading,
): RepairHistoryResult<FormatMessages[F]> {
  const format = formatOf(options);
  const preset = presetOf(options.preset);
  const profile = resolveProfile(options.provider ?? format);
  const context = ruleContextOf(options);
  const inspection = inspectHistory(messages, format, context, 'repair');
  // The format's step before the engine: what the neutral model cannot say (Gemini's part roles
  // and thought signatures); the preset that only adds missing calls changes nothing else.
  const before =
    inspection.result.ok || preset !== 'all'
      ? undefined
      : wirePass(messages, format, inspection.result, context);
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
  // The format's step after the engine: rules the neutral model cannot see (Anthropic's thinking
  // block first, Responses reasoning items) and what no fix can mend (Mistral's last role).
  const validAsIs = inspection.result.ok && profile === PROVIDER_PROFILES[format];
  if (preset !== 'all' || validAsIs) return repaired;
  return wireAfterPass(messages, repaired, rulesFormatOf(format, options.provider), context);
}

/**
 * The format whose steps after the engine apply: the provider's when it names a format that reads
 * the same wire messages (Mistral rules on Chat Completions messages, as `validateHistory` picks
 * them), else `format`'s own. A provider of another shape has its rules met by the engine alone.
 */
function rulesFormatOf(
  format: MessageFormat,
  provider: RepairHistoryOptions['provider'],
): MessageFormat {
  return isMessageFormat(provider) &&
    adapterFor(provider).wireShape === adapterFor(format).wireShape
    ? provider
    : format;
}

/**
 * The neutral engine: only the stretches around the issues when the format's own rules are the
 * ones to meet (a history broken here and there is read there only), else read → the one repairer
 * (or the preset's pass) → write back keeping every untouched message.
 */
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
  // Made only when returned: a copy of a long history is not free.
  const unchanged = (): RepairHistoryResult<FormatMessages[F]> => ({
    messages: messages.slice() as FormatMessages[F],
    fixes: [],
    warnings: [],
  });
  // Valid for its own rules (or only issues the format's step after leaves): nothing for the
  // engine when those are the rules to meet, or when the table shows the provider's are met too.
  const settled = result.ok || leavesAll(format, result.issues);
  if (settled && (own || preset === 'add-missing-calls')) return unchanged();
  if (settled && meetsProfileByTable(table, profile) === true) return unchanged();
  // Where the format's own rules are the ones to meet, only the stretches around the issues are
  // read and repaired: reading a long history whole costs more than the goal allows.
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
