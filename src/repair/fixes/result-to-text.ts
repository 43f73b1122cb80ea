import { resultText } from '../../core/result-text.js';
import type { TextPart, ToolResult } from '../../core/history.js';

/**
 * The text part an orphan result becomes under `orphanResults: 'to-text'`: says which tool and
 * call it came from and that its call is not in the history, then the content as sent (JSON for
 * anything but a string).
 */
export function resultToText(result: ToolResult): TextPart {
  const tool = result.name === '' ? 'a tool' : `tool "${result.name}"`;
  const what = result.isError ? 'Error result' : 'Result';
  const content = resultText(result.content);
  return {
    type: 'text',
    text: `${what} of ${tool} for call "${result.callId}", whose call is not in this conversation:\n${content}`,
  };
}
