import { anthropicErrorBodyFor } from './anthropic-error.js';
import { ANTHROPIC_PROFILE } from './anthropic-profile.js';
import { fromAnthropic } from './from-anthropic.js';
import { toAnthropic, type AnthropicConversionResult } from './to-anthropic.js';
import { inspectAnthropic } from './validate-anthropic.js';
import type { FormatAdapter } from '../shared/format-adapter.js';

/** The Anthropic Messages `messages`: reader, writer, validator, profile and wire facts. */
export const ANTHROPIC_ADAPTER: FormatAdapter<'anthropic', AnthropicConversionResult> = {
  format: 'anthropic',
  profile: ANTHROPIC_PROFILE,
  inspect: inspectAnthropic,
  read: (messages, options) => fromAnthropic(messages, { system: options?.system }),
  write: (history) => toAnthropic(history),
  messagesKey: 'messages',
  systemField: 'system',
  layout: 'blocks',
  dropsEmptyText: true,
  mergesResultsIntoUser: true,
  generatesIds: false,
  roleOptionalForUser: false,
  errorResponseFor: anthropicErrorBodyFor,
};
