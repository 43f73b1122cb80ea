import type { HistoryMessage, TextPart, ToolResult, UserMessage } from '../core/history.js';
import type { Place } from './fixes/resolve-results.js';
import { resultToText } from './fixes/result-to-text.js';
import type { HistoryFix } from './history-fix.js';
import type { ProviderProfile } from './provider-profile.js';
import type { ResolvedPolicy } from './repair-policy.js';

/** An orphan result waiting for the end of its run of results. */
export interface PendingOrphan {
  readonly result: ToolResult;
  readonly place: Place;
}

/** A text part waiting for the user message it will open. */
export interface PendingText {
  readonly part: TextPart;
  readonly orphan: PendingOrphan;
}

/**
 * The output side of a repair: the array being built, the fixes, and the writes on the user side
 * of the conversation (orphans as text, bridge messages). {@link HistoryRepairer} extends it.
 */
export class HistoryWriter {
  protected readonly profile: ProviderProfile;
  protected readonly policy: ResolvedPolicy;
  protected readonly out: HistoryMessage[] = [];
  protected readonly fixes: HistoryFix[] = [];
  /** Texts of orphans waiting for the user message they will open. */
  protected prefix: PendingText[] = [];

  constructor(profile: ProviderProfile, policy: ResolvedPolicy) {
    this.profile = profile;
    this.policy = policy;
  }

  /** Records a fix. */
  protected fix(fix: HistoryFix): void {
    this.fixes.push(fix);
  }

  /** The fixes in message order (stable). */
  protected sortedFixes(): HistoryFix[] {
    if (this.fixes.length < 2) return this.fixes;
    return this.fixes
      .map((fix, order) => ({ fix, order }))
      .sort((a, b) => a.fix.messageIndex - b.fix.messageIndex || a.order - b.order)
      .map(({ fix }) => fix);
  }

  /** Turns orphans into text: opening the next user message, closing the previous one, or in a new one. */
  protected toText(orphans: readonly PendingOrphan[], next: HistoryMessage | undefined): void {
    const texts = orphans.map((orphan) => ({ part: resultToText(orphan.result), orphan }));
    if (next?.role === 'user') {
      this.prefix = texts;
      return;
    }
    const previous = this.out.at(-1);
    if (previous?.role === 'user') {
      this.textFixes(texts, this.out.length - 1, previous.parts.length);
      this.out[this.out.length - 1] = {
        ...previous,
        parts: [...previous.parts, ...texts.map((text) => text.part)],
      };
      return;
    }
    this.prefix = texts;
    this.pushUser({ role: 'user', parts: [] });
  }

  /** Pushes a user message, opened by waiting texts, after an assistant bridge where the profile needs one. */
  protected pushUser(message: UserMessage): void {
    const { out, profile } = this;
    const previous = out.at(-1);
    if (profile.assistantAfterResults && previous?.role === 'tool') {
      const text = this.policy.assistantBridgeText;
      this.fix({
        kind: 'inserted-assistant-turn',
        messageIndex: out.length,
        callId: previous.results.at(-1)?.callId ?? '',
        text,
        message: `${profile.name} refuses a user message right after tool results; an assistant message "${text}" was put between them.`,
      });
      out.push({ role: 'assistant', parts: [{ type: 'text', text }] });
    }
    if (this.prefix.length === 0) {
      out.push(message);
      return;
    }
    const texts = this.prefix;
    this.prefix = [];
    this.textFixes(texts, out.length, 0);
    out.push({ ...message, parts: [...texts.map((text) => text.part), ...message.parts] });
  }

  /** Puts a user message before a call turn that would otherwise not follow one (Gemini). */
  protected userBridge(callId: string): void {
    const text = this.policy.userBridgeText;
    this.fix({
      kind: 'inserted-user-turn',
      messageIndex: this.out.length,
      callId,
      text,
      message: `${this.profile.name} needs a call turn to follow a user turn or tool results; a user message "${text}" was put before it.`,
    });
    this.pushUser({ role: 'user', parts: [{ type: 'text', text }] });
  }

  private textFixes(texts: readonly PendingText[], messageIndex: number, firstPart: number): void {
    texts.forEach(({ orphan }, offset) => {
      this.fix({
        kind: 'result-to-text',
        messageIndex,
        partIndex: firstPart + offset,
        callId: orphan.result.callId,
        fromIndex: orphan.place.messageIndex,
        fromPartIndex: orphan.place.position,
        result: orphan.result,
        message: `The result at messages[${orphan.place.messageIndex}] answered no call; it became text in a user message.`,
      });
    });
  }
}

/**
 * True when the latest message before `end` that is not a system message is a user message or
 * results (system messages leave the turn order in Gemini); `before` when there is none (whether
 * what comes before `out` ends on one).
 */
export function followsUser(
  out: readonly HistoryMessage[],
  end: number = out.length,
  before = false,
): boolean {
  for (let index = end - 1; index >= 0; index--) {
    const role = out[index]?.role;
    if (role !== 'system') return role === 'user' || role === 'tool';
  }
  return before;
}
