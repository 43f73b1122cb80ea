import { MESSAGE_FORMATS, type MessageFormat, type ProviderProfile } from '../core/format.js';
import type { ToolHistory } from '../core/history.js';
import { ToolHistoryError, UnsupportedFormatError } from '../errors/tool-history-error.js';
import {
  CHAT_HOST_NAMES,
  CHAT_HOSTS,
  isChatHostName,
  PROVIDER_PROFILES,
  type ChatHostName,
} from '../formats/index.js';
import type { RepairResult } from './history-fix.js';
import { HistoryRepairer } from './history-repairer.js';
import { resolvePolicy, type RepairPolicy } from './repair-policy.js';

/** Options of {@link repairToolHistory}. */
export interface RepairToolHistoryOptions {
  /**
   * The provider whose rules the history must meet: a format name, or a host that speaks Chat
   * Completions (`'deepseek'`).
   * @defaultValue 'vercel' (the rule every provider shares: results right after their turn, each call answered once, non-empty ids)
   */
  readonly profile?: MessageFormat | ChatHostName | undefined;
  /** How to fix what is found. */
  readonly policy?: RepairPolicy | undefined;
}

const FORMATS: ReadonlySet<unknown> = new Set(MESSAGE_FORMATS);

/**
 * Returns a copy of a neutral history that meets the rules of `options.profile`, and every change
 * made (each fix names its kind).
 * @throws {UnsupportedFormatError} when `options.profile` names no known format.
 * @throws {ToolHistoryError} `invalid-input` when `options.policy.generateId` keeps returning ids
 *   that are taken or refused.
 * @example
 * const { history: safe, fixes } = repairToolHistory(history, { profile: 'anthropic' });
 */
export function repairToolHistory(
  history: ToolHistory,
  options: RepairToolHistoryOptions = {},
): RepairResult {
  if (!Array.isArray(history))
    throw new ToolHistoryError(
      'invalid-input',
      'repairToolHistory expects a neutral history (an array of messages); convert provider messages with a from* function, or call repairHistory().',
    );
  return new HistoryRepairer(
    history,
    resolveProfile(options.profile),
    resolvePolicy(options.policy),
  ).run();
}

/** The profile named: a format's, or a Chat Completions host's (`'deepseek'`). */
export function resolveProfile(profile: MessageFormat | ChatHostName | undefined): ProviderProfile {
  if (profile === undefined) return PROVIDER_PROFILES.vercel;
  if (isChatHostName(profile))
    return CHAT_HOSTS[profile].profile ?? PROVIDER_PROFILES['openai-chat'];
  if (!FORMATS.has(profile))
    throw new UnsupportedFormatError(profile, [...MESSAGE_FORMATS, ...CHAT_HOST_NAMES]);
  return PROVIDER_PROFILES[profile];
}
