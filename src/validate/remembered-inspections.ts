import type { MessageFormat } from '../core/format.js';
import type { ValidationResult } from '../errors/history-issue.js';
import type { HistoryInspection } from '../core/history-inspection.js';
import type { RuleContext } from '../core/rule-context.js';

/** What {@link validateHistory} read, kept with the result it returned. */
interface RememberedInspection {
  /** Weakly: a result kept around does not keep its history alive. */
  readonly messages: WeakRef<readonly unknown[]>;
  readonly length: number;
  readonly format: MessageFormat;
  readonly context: RuleContext;
  readonly inspection: HistoryInspection;
}

// Keyed by the result object, which the caller holds: nothing outlives it.
const remembered = new WeakMap<ValidationResult, RememberedInspection>();

/** Keeps what validating `messages` found, for {@link recallInspection}. */
export function rememberInspection(
  messages: readonly unknown[],
  format: MessageFormat,
  context: RuleContext,
  inspection: HistoryInspection,
): void {
  remembered.set(inspection.result, {
    messages: new WeakRef(messages),
    length: messages.length,
    format,
    context,
    inspection,
  });
}

/**
 * The inspection behind `result` when it came from validating these very `messages` (the same
 * array, of the same length) in `format` under the same rule context; `undefined` otherwise. Changes made inside the messages
 * since cannot be seen here: that is the caller's promise.
 */
export function recallInspection(
  result: ValidationResult,
  messages: readonly unknown[],
  format: MessageFormat,
  context: RuleContext,
): HistoryInspection | undefined {
  const entry = remembered.get(result);
  if (
    entry?.messages.deref() !== messages ||
    entry.length !== messages.length ||
    entry.format !== format ||
    !sameRuleContext(entry.context, context)
  )
    return undefined;
  return entry.inspection;
}

function sameRuleContext(a: RuleContext, b: RuleContext): boolean {
  return (
    a.model === b.model && (a.thinking === true) === (b.thinking === true) && a.host === b.host
  );
}
