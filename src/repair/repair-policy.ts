import type { CallIdGenerator } from '../core/call-id.js';
import type { JsonValue } from '../core/history.js';
import { MISSING_RESULT_NAME, missingResultPlaceholder } from '../core/placeholder-result.js';
import type { MissingResultCause } from './history-fix.js';

/** What a placeholder function is told about the call that has no result. */
export interface MissingResultContext {
  readonly callId: string;
  readonly name: string;
  readonly cause: MissingResultCause;
}

/** Returns the content of the placeholder result for a call that has none. */
export type MissingResultContent = (context: MissingResultContext) => JsonValue;

/** Placeholder texts per cause: a fixed text, or one built from the call. */
export type MissingResultTexts = Partial<
  Readonly<Record<MissingResultCause, string | ((context: MissingResultContext) => string)>>
>;

/** How {@link repairHistory} fixes what it finds. */
export interface RepairPolicy {
  /**
   * A result no call answers: `'synthesize-call'` (default) adds the call it answers; `'to-text'`
   * turns it into a text part of a user message.
   */
  readonly orphanResults?: 'synthesize-call' | 'to-text' | undefined;
  /**
   * The content of the `isError` placeholder for a call with no result: texts per cause (the
   * `message` of `{ error: true, name: 'ToolResultMissing', message }`), or a function.
   */
  readonly missingResults?: MissingResultTexts | MissingResultContent | undefined;
  /** Which of several results for one call stays (default `'keep-first'`); a placeholder yields to a real one. */
  readonly duplicateResults?: 'keep-first' | 'keep-last' | undefined;
  /** Returns new call ids; refused or taken ones are skipped. Default: a deterministic hash of the old id. */
  readonly generateId?: CallIdGenerator | undefined;
  /** The assistant message between results and a user message (Mistral). Default `'Tool results received.'` */
  readonly assistantBridgeText?: string | undefined;
  /** The user message before a call turn that follows no user turn (Gemini). Default `'Continue.'` */
  readonly userBridgeText?: string | undefined;
}

/** The default placeholder texts, per cause: none claims the tool failed, none names the call id. */
export const DEFAULT_MISSING_RESULT_TEXTS: Readonly<
  Record<MissingResultCause, (context: MissingResultContext) => string>
> = {
  'end-of-history': ({ name }) =>
    `No result has been recorded yet for this call of tool "${name}". The tool may or may not have run.`,
  'partial-turn': ({ name }) =>
    `No result was recorded for this call of tool "${name}", though other calls of the same turn have results. The tool may or may not have run.`,
  'not-recorded': ({ name }) => missingResultPlaceholder(name).message,
};

/** A policy with every default filled in. */
export interface ResolvedPolicy {
  readonly orphanResults: 'synthesize-call' | 'to-text';
  readonly missingResult: MissingResultContent;
  readonly duplicateResults: 'keep-first' | 'keep-last';
  readonly generateId: CallIdGenerator | undefined;
  readonly assistantBridgeText: string;
  readonly userBridgeText: string;
}

/** Fills in the defaults of `policy`. */
export function resolvePolicy(policy: RepairPolicy = {}): ResolvedPolicy {
  const missing = policy.missingResults;
  return {
    orphanResults: policy.orphanResults ?? 'synthesize-call',
    missingResult: typeof missing === 'function' ? missing : placeholderContents(missing ?? {}),
    duplicateResults: policy.duplicateResults ?? 'keep-first',
    generateId: policy.generateId,
    assistantBridgeText: policy.assistantBridgeText ?? 'Tool results received.',
    userBridgeText: policy.userBridgeText ?? 'Continue.',
  };
}

/** The placeholder contents of per-cause `texts`: an error object whose message is the cause's text. */
function placeholderContents(texts: MissingResultTexts): MissingResultContent {
  return (context) => {
    const text = texts[context.cause] ?? DEFAULT_MISSING_RESULT_TEXTS[context.cause];
    const message = typeof text === 'string' ? text : text(context);
    return { error: true, name: MISSING_RESULT_NAME, message };
  };
}
