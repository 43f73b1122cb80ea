// Where (an index into the format's own array; the block or part, for formats whose calls live
// in parts; the request field the provider names, e.g. `messages.[3].role`) and what is wrong,
// in the provider's own wording where it is known.
interface IssueBase {
  readonly messageIndex: number;
  readonly message: string;
  readonly param?: string | undefined;
  readonly partIndex?: number | undefined;
}

type Issue<Code extends string, Fields = unknown> = IssueBase & { readonly code: Code } & Fields;
interface OfCall {
  readonly toolCallId: string;
}
interface OfCalls {
  readonly toolCallIds: readonly string[];
}

/** What a validator found wrong with a history, discriminated on `code`. */
export type HistoryIssue =
  /** A tool result whose call is not in the turn it answers. */
  | Issue<'orphan-tool-result', OfCall>
  /** A result whose `tool_call_id` is not among the calls of the turn it follows. */
  | Issue<'unknown-tool-call-id', OfCall>
  /** Calls that no result answers before the next message that is not a result. */
  | Issue<'missing-tool-result', OfCalls>
  /** Two results for the same call, or two calls with the same id in one turn. */
  | Issue<'duplicate-tool-call-id', OfCall>
  /** An id the provider does not accept (too long, empty, wrong characters). */
  | Issue<'invalid-tool-call-id', OfCall>
  /** Arguments in a shape the provider does not accept. */
  | Issue<'invalid-arguments', OfCall>
  /** A `tool_calls` array with no calls. */
  | Issue<'empty-tool-calls'>
  /** A result whose call (at `callMessageIndex`) does not sit directly before it. */
  | Issue<'misplaced-tool-result', OfCall & { readonly callMessageIndex: number }>
  /** A call turn that goes on after its calls (Anthropic: text after `tool_use`). */
  | Issue<'content-after-tool-call', OfCalls>
  /** A call turn where the provider does not accept it (Gemini: first, or after a model turn). */
  | Issue<'misplaced-tool-call', OfCalls>
  /** A result paired by position with a call of another name (Gemini). */
  | Issue<
      'tool-name-mismatch',
      OfCall & { readonly expectedName: string; readonly actualName: string }
    >
  /** A message whose role may not follow the one before it (Mistral: `user` right after `tool`). */
  | Issue<'unexpected-role', { readonly role: string; readonly previousRole: string }>
  /** Message content the provider refuses (Chat: `content: null` without calls). */
  | Issue<'invalid-content'>
  /** A call whose tool name the provider refuses (an empty `function.name`). */
  | Issue<'invalid-tool-name', OfCall>
  /** A call turn without the reasoning the provider needs sent back with it. */
  | Issue<'missing-reasoning', OfCalls & { readonly reasoningId?: string | undefined }>
  /** A Responses `reasoning` item without the item that must follow it. */
  | Issue<'orphan-reasoning', { readonly reasoningId: string }>
  /** A Gemini 3 call turn without its `thoughtSignature` (`toolCallId`: the id, or the name). */
  | Issue<'missing-thought-signature', OfCall>
  /** A history that ends with a role the provider does not serve from (Mistral: `assistant`). */
  | Issue<'unexpected-last-role', { readonly role: string }>
  /** An approval response no approval request has (Vercel: in the last message). */
  | Issue<'unknown-approval', { readonly approvalId: string }>
  /** An Anthropic server tool call sent back as a client `tool_use` (a proxy's rewrite). */
  | Issue<'server-call-as-tool-use', OfCall>
  /** A Responses `computer_call` whose `pending_safety_checks` its output does not acknowledge. */
  | Issue<'unacknowledged-safety-check', OfCall & { readonly checkIds: readonly string[] }>
  /** A Responses item the server must look up by id, with `store: false` (nothing is persisted). */
  | Issue<'unpersisted-item', { readonly itemId: string }>
  /** A Responses item id without the prefix of its type (`fc_` on a `function_call`). */
  | Issue<'invalid-item-id', { readonly itemId: string }>;

/** The outcome of validating a history. */
export type ValidationResult =
  | { readonly ok: true; readonly issues: readonly [] }
  | { readonly ok: false; readonly issues: readonly [HistoryIssue, ...HistoryIssue[]] };

/** Builds a {@link ValidationResult} that holds `issues` (not a copy). */
export function toValidationResult(issues: readonly HistoryIssue[]): ValidationResult {
  return issues.length === 0
    ? { ok: true, issues: [] }
    : { ok: false, issues: issues as readonly [HistoryIssue, ...HistoryIssue[]] };
}

/** Sort order of issues: by message (`sort` is stable, so one message's keep their order). */
export function byMessageIndex(a: HistoryIssue, b: HistoryIssue): number {
  return a.messageIndex - b.messageIndex;
}
