/**
 * Issues: what a validator found wrong with a history. Expected problems in user data are values,
 * never exceptions; `assert*` forms turn them into an {@link InvalidHistoryError}.
 */
interface IssueBase {
  /** Index in the history (in the format's own message array) where the problem is. */
  readonly messageIndex: number;
  /** What is wrong, in the provider's own wording where it is known. */
  readonly message: string;
  /** The request field the provider names, e.g. `messages.[3].role`, where known. */
  readonly param?: string | undefined;
  /**
   * Position of the block or part inside the message, for formats whose calls and results live
   * inside a message (Anthropic `content`, Gemini `parts`, Vercel `content`, aiwrapper `items`).
   */
  readonly partIndex?: number | undefined;
}

/** A tool result whose call is not in the turn it answers. */
export interface OrphanToolResultIssue extends IssueBase {
  readonly code: 'orphan-tool-result';
  readonly toolCallId: string;
}

/** A result whose `tool_call_id` is not among the calls of the turn it follows. */
export interface UnknownToolCallIdIssue extends IssueBase {
  readonly code: 'unknown-tool-call-id';
  readonly toolCallId: string;
}

/** Calls that no result answers before the next message that is not a result. */
export interface MissingToolResultIssue extends IssueBase {
  readonly code: 'missing-tool-result';
  /** The unanswered ids, in call order. */
  readonly toolCallIds: readonly string[];
}

/** Two results for the same call, or two calls with the same id in one turn. */
export interface DuplicateToolCallIdIssue extends IssueBase {
  readonly code: 'duplicate-tool-call-id';
  readonly toolCallId: string;
}

/** An id the provider does not accept (too long, empty, wrong characters). */
export interface InvalidToolCallIdIssue extends IssueBase {
  readonly code: 'invalid-tool-call-id';
  readonly toolCallId: string;
}

/** Arguments in a shape the provider does not accept (e.g. an object where a JSON string is required). */
export interface InvalidArgumentsIssue extends IssueBase {
  readonly code: 'invalid-arguments';
  readonly toolCallId: string;
}

/** A `tool_calls` array with no calls. */
export interface EmptyToolCallsIssue extends IssueBase {
  readonly code: 'empty-tool-calls';
}

/**
 * A result whose call exists but does not sit directly before it: another message comes between
 * the call turn and the result, or (Anthropic) other content comes before the `tool_result`
 * blocks of the user turn.
 */
export interface MisplacedToolResultIssue extends IssueBase {
  readonly code: 'misplaced-tool-result';
  readonly toolCallId: string;
  /** Index of the message that holds the call. */
  readonly callMessageIndex: number;
}

/** A call turn that goes on after its calls (Anthropic: text after `tool_use` in the assistant turn). */
export interface ContentAfterToolCallIssue extends IssueBase {
  readonly code: 'content-after-tool-call';
  /** The calls of the turn, in call order. */
  readonly toolCallIds: readonly string[];
}

/** A call turn in a place the provider does not accept it (Gemini: first, or right after a model turn). */
export interface MisplacedToolCallIssue extends IssueBase {
  readonly code: 'misplaced-tool-call';
  /** The calls of the turn, in call order. */
  readonly toolCallIds: readonly string[];
}

/** A result paired by position with a call of another name (Gemini). */
export interface ToolNameMismatchIssue extends IssueBase {
  readonly code: 'tool-name-mismatch';
  readonly toolCallId: string;
  /** The name of the call. */
  readonly expectedName: string;
  /** The name the result gives. */
  readonly actualName: string;
}

/** A message whose role may not follow the one before it (Mistral: `user` right after `tool`). */
export interface UnexpectedRoleIssue extends IssueBase {
  readonly code: 'unexpected-role';
  readonly role: string;
  readonly previousRole: string;
}

/** Message content the provider refuses (Chat Completions: `content: null` on an assistant message without calls, or `tool`, `system` or `developer` content that is not text). */
export interface InvalidContentIssue extends IssueBase {
  readonly code: 'invalid-content';
}

/** A call whose tool name the provider refuses (an empty `function.name`). */
export interface InvalidToolNameIssue extends IssueBase {
  readonly code: 'invalid-tool-name';
  readonly toolCallId: string;
}

/**
 * A call turn without the reasoning the provider needs sent back with it: with Anthropic's extended
 * thinking on, the final assistant turn that holds `tool_use` must start with its `thinking` or
 * `redacted_thinking` block; the Responses API refuses a `function_call` item whose `reasoning`
 * item is missing; DeepSeek's thinking mode needs the `reasoning_content` of the current turn's
 * tool-call turns.
 */
export interface MissingReasoningIssue extends IssueBase {
  readonly code: 'missing-reasoning';
  /** The calls of the turn, in call order. */
  readonly toolCallIds: readonly string[];
  /** The id of the reasoning item the provider looks for, where it names one (Responses `rs_…`). */
  readonly reasoningId?: string | undefined;
}

/** A reasoning item without the item that must follow it (Responses `reasoning` at the end of a turn). */
export interface OrphanReasoningIssue extends IssueBase {
  readonly code: 'orphan-reasoning';
  /** The reasoning item's id. */
  readonly reasoningId: string;
}

/**
 * A call turn of the current turn sent back without the reasoning signature the model returned
 * with it (Gemini 3: the `thoughtSignature` of the turn's first `functionCall` part).
 */
export interface MissingThoughtSignatureIssue extends IssueBase {
  readonly code: 'missing-thought-signature';
  /** The call whose part lacks the signature (its id, or its name when it has none). */
  readonly toolCallId: string;
}

/** A history that ends with a role the provider does not serve from (Mistral: `assistant` without `prefix: true`). */
export interface UnexpectedLastRoleIssue extends IssueBase {
  readonly code: 'unexpected-last-role';
  /** The role of the last message. */
  readonly role: string;
}

/** Every issue a validator can report, discriminated on `code`. */
export type HistoryIssue =
  | OrphanToolResultIssue
  | UnknownToolCallIdIssue
  | MissingToolResultIssue
  | DuplicateToolCallIdIssue
  | InvalidToolCallIdIssue
  | InvalidArgumentsIssue
  | EmptyToolCallsIssue
  | MisplacedToolResultIssue
  | ContentAfterToolCallIssue
  | MisplacedToolCallIssue
  | ToolNameMismatchIssue
  | UnexpectedRoleIssue
  | InvalidContentIssue
  | InvalidToolNameIssue
  | MissingReasoningIssue
  | OrphanReasoningIssue
  | MissingThoughtSignatureIssue
  | UnexpectedLastRoleIssue;

/** The outcome of validating a history. */
export type ValidationResult =
  | { readonly ok: true; readonly issues: readonly [] }
  | { readonly ok: false; readonly issues: readonly [HistoryIssue, ...HistoryIssue[]] };

/**
 * Builds a {@link ValidationResult} from a list of issues, which it holds (not a copy: a
 * validator's own list, which nothing changes after).
 */
export function toValidationResult(issues: readonly HistoryIssue[]): ValidationResult {
  return issues.length === 0
    ? { ok: true, issues: [] }
    : { ok: false, issues: issues as readonly [HistoryIssue, ...HistoryIssue[]] };
}
