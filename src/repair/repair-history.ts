import { MESSAGE_FORMATS, type MessageFormat } from '../core/format.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { UnsupportedFormatError } from '../errors/unsupported-format-error.js';
import { describeType, isObject } from '../validate/rules/input-guards.js';
import type { ValidationResult } from '../core/issue.js';
import { inspectHistory } from '../validate/inspect-history.js';
import { recallInspection } from '../validate/remembered-inspections.js';
import { findRepairWindows } from './find-repair-windows.js';
import { readFormat, writeFormat, type FormatMessages } from './format-io.js';
import type { HistoryFix } from './history-fix.js';
import { HistoryRepairer } from './history-repairer.js';
import { PROVIDER_PROFILES, type ProviderProfile } from './provider-profile.js';
import { locateFix } from './locate-fix.js';
import { repairInWindows } from './repair-in-windows.js';
import { resolvePolicy, type RepairPolicy, type ResolvedPolicy } from './repair-policy.js';
import { resolveProfile } from './repair-tool-history.js';
import { inputLocator, outputLocator } from './wire-places.js';

/** Options of {@link repairHistory}: the format, and the {@link RepairPolicy} fields. */
export interface RepairHistoryOptions<
  F extends MessageFormat = MessageFormat,
> extends RepairPolicy {
  /** The format `messages` are in; they come back in it. */
  readonly format: F;
  /**
   * The provider whose rules to meet, when not the format's own (e.g. aiwrapper messages bound
   * for Mistral: `{ format: 'aiwrapper', profile: 'mistral' }`).
   * @defaultValue the profile of `format`
   */
  readonly profile?: ProviderProfile | MessageFormat | undefined;
  /**
   * What {@link validateHistory} returned for these same `messages` in this format, when you
   * validated them first: repair then uses what that pass found instead of validating again,
   * which halves the cost of validating and repairing a long history. It is used only when it
   * came from this very array at its current length; change nothing inside the messages in
   * between, since repair cannot see such changes. (A validation result keeps what validation
   * read, some 20 bytes per message, for as long as you hold it; not the messages themselves.)
   * @example
   * const validation = validateHistory(messages, { format: 'anthropic' });
   * if (!validation.ok) messages = repairHistory(messages, { format: 'anthropic', validation }).messages;
   */
  readonly validation?: ValidationResult | undefined;
}

/** The outcome of {@link repairHistory}. */
export interface RepairHistoryResult<T> {
  /** A new array in the input's format; the input is untouched. */
  readonly messages: T;
  /**
   * Every change made, in message order, with indexes into `messages` (and `fromIndex` into the
   * input). Empty when the input was already valid.
   */
  readonly fixes: readonly HistoryFix[];
}

const FORMATS: ReadonlySet<unknown> = new Set(MESSAGE_FORMATS);

/**
 * Returns a copy of `messages` that the provider of `options.format` accepts, in the same format,
 * and every change made.
 *
 * A history the format's validator ({@link validateHistory}) accepts comes back unchanged, with
 * no fixes. Otherwise only the stretches around the issues are read into the neutral model
 * (`from*`), repaired by {@link repairToolHistory} with the format's profile and the policy in
 * `options`, and written back (`to*`); every message outside them is the input's own object, so a
 * long history with a few problems costs about one validation. Fix indexes point into the
 * returned array. Content is never lost: a dropped duplicate or an orphan turned into text is kept
 * whole in its fix. With a `profile` other than the format's own, the whole history is repaired.
 *
 * Writing back goes through the format's converter, so messages of a repaired stretch that
 * needed no change can still change form where the converter normalizes them (arguments
 * re-serialized as compact JSON; Gemini call turns without a thought signature get Google's
 * placeholder).
 *
 * @throws {UnsupportedFormatError} when `options.format` (or `options.profile`) names no known format.
 * @throws {ToolHistoryError} `invalid-input` when `messages` or a message does not have the
 *   format's shape.
 * @example
 * const { messages: safe, fixes } = repairHistory(body.messages, { format: 'openai-chat' });
 * for (const fix of fixes) console.warn(fix.kind, fix.messageIndex, fix.message);
 */
export function repairHistory<F extends MessageFormat>(
  messages: readonly unknown[],
  options: RepairHistoryOptions<F>,
): RepairHistoryResult<FormatMessages[F]> {
  const format = formatOf(options);
  const profile = resolveProfile(options.profile ?? format);
  const policy = resolvePolicy(options);
  if (profile !== PROVIDER_PROFILES[format])
    return repairWholeHistory(messages, format, profile, policy);
  const { result, table } =
    (options.validation && recallInspection(options.validation, messages, format)) ??
    inspectHistory(messages, format);
  if (result.ok) return { messages: [...messages] as FormatMessages[F], fixes: [] };
  // Only the stretches around the issues go through the neutral model; the rest is kept as it is.
  const windows = findRepairWindows(messages, format, table, result.issues, profile);
  if (windows === undefined) return repairWholeHistory(messages, format, profile, policy);
  const repaired = repairInWindows(messages, format, table, windows, profile, policy);
  return { messages: repaired.messages as FormatMessages[F], fixes: repaired.fixes };
}

/**
 * Repairs `messages` as a whole: read into the neutral model, repaired, written back. Every
 * message goes through the format's converters (which may normalize messages the repair did not
 * change); {@link repairHistory} uses it for profiles other than the format's own.
 */
export function repairWholeHistory<F extends MessageFormat>(
  messages: readonly unknown[],
  format: F,
  profile: ProviderProfile,
  policy: ResolvedPolicy,
): RepairHistoryResult<FormatMessages[F]> {
  const { history, generatedIds } = readFormat(messages, format);
  const repaired = new HistoryRepairer(history, profile, policy).run();
  if (
    repaired.fixes.length === 0 &&
    repaired.history.length === history.length &&
    repaired.history.every((message, index) => message === history[index])
  ) {
    // Nothing to repair in the neutral model: what the validator refused is beyond the repair.
    return { messages: writeFormat(history, format, generatedIds), fixes: [] };
  }
  const written = writeFormat(repaired.history, format, generatedIds);
  const input = inputLocator(history, format);
  const output = outputLocator(repaired.history, format);
  return { messages: written, fixes: repaired.fixes.map((fix) => locateFix(fix, input, output)) };
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
