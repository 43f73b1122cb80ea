import { writeOut } from './cli-io.js';
import { locationOf, type CommandContext } from './command-context.js';
import type { UnreadableConversation } from './read-conversations.js';
import { terminalLine } from './terminal-text.js';

/** `1 issue`, `2 issues` (or the given plural form). */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : nouns}`;
}

/**
 * `openai-chat`, or `openai-chat: 3, anthropic: 1`; a format no conversation proved (plain text
 * turns only) is marked `guessed`. `no conversations` when empty.
 */
export function formatsSummary(
  formats: ReadonlyMap<string, number>,
  certain: ReadonlySet<string>,
): string {
  if (formats.size === 0) return 'no conversations';
  const label = (format: string): string => (certain.has(format) ? format : `${format}, guessed`);
  if (formats.size === 1) return [...formats.keys()].map(label).join('');
  return [...formats].map(([format, count]) => `${label(format)}: ${count}`).join(', ');
}

/** Prints an unreadable conversation on stderr: where it is (line and column when known) and why. */
export async function reportUnreadable(
  context: CommandContext,
  record: UnreadableConversation,
): Promise<void> {
  await writeOut(
    context.io.stderr,
    terminalLine(`${locationOf(context.input, record, record.column)}: ${record.reason}`),
  );
}
