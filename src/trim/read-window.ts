import { fromFormat } from '../convert/convert-history.js';
import type { MessageFormat } from '../core/format.js';
import type { ToolHistory } from '../core/history.js';
import { isToolHistoryError } from '../errors/tool-history-error.js';

/**
 * Runs `read`, which looks at part of `messages`; when it finds a message that is not of the
 * format, reads the whole history instead, so that the error names the first such message by its
 * index in `messages`, as reading everything would have. The original error is thrown only when
 * the whole history reads cleanly (a window can lack the context a message needs).
 */
export function readingWhole<R>(
  messages: readonly unknown[],
  format: MessageFormat,
  read: () => R,
): R {
  try {
    return read();
  } catch (error) {
    if (isToolHistoryError(error) && error.code === 'invalid-input') fromFormat(messages, format);
    throw error;
  }
}

/**
 * Reads `messages[start..end)` into the neutral model. Every wire message converts on its own
 * (merges only join a message to the one right before it), so a window read from one message
 * early gives its messages as reading the whole history would; `sourceIndex` stays relative to
 * `start`.
 */
export function readWindow(
  messages: readonly unknown[],
  format: MessageFormat,
  start: number,
  end: number,
): ToolHistory {
  // A plain array: `slice` on an Array subclass (aiwrapper's LangMessages) would construct one.
  const window: unknown[] = [];
  for (let index = start; index < end; index++) window.push(messages[index]);
  return readingWhole(messages, format, () => fromFormat(window, format).messages);
}
