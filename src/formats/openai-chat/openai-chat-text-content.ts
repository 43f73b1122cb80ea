import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject } from '../../core/input-guards.js';
import type { ResolvedChatHost } from './openai-chat-wording.js';

// Content that must be text: that of a `tool`, `system` or `developer` message is a string or an
// array of `{ type: 'text', text }` parts (https://platform.openai.com/docs/api-reference/chat/create).
// One check for the reader, which throws on the first problem, and the validator, which reports it
// in OpenAI's words, so both give one verdict on the same input.

/** The first thing wrong with content that must be text, and where. */
export interface TextContentProblem {
  /** `content`: not a string or array; `part`: an entry not an object; `type`: not a text part; `text`: its `text` not a string. */
  readonly kind: 'content' | 'part' | 'type' | 'text';
  /** The part's position, for all but `content`. */
  readonly partIndex: number;
  readonly value: unknown;
}

/**
 * The text of content that must be text (an array's text parts joined by newlines), or the first
 * problem that keeps it from being text.
 */
export function textOfContent(content: unknown): string | TextContentProblem {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return { kind: 'content', partIndex: -1, value: content };
  const texts: string[] = [];
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const part: unknown = content[partIndex];
    if (!isObject(part)) return { kind: 'part', partIndex, value: part };
    if (part.type !== 'text') return { kind: 'type', partIndex, value: part };
    if (typeof part.text !== 'string') return { kind: 'text', partIndex, value: part.text };
    texts.push(part.text);
  }
  return texts.join('\n');
}

/** The `invalid-content` issue of message `index` (role `role`) for `problem`, in OpenAI's words. */
export function textContentIssue(
  problem: TextContentProblem,
  index: number,
  role: string,
  rules: ResolvedChatHost,
): HistoryIssue {
  const { mistyped } = rules.wording;
  const content = `messages[${index}].content`;
  const part = `${content}[${problem.partIndex}]`;
  let message: string;
  let param = `messages.[${index}].content`;
  switch (problem.kind) {
    case 'content':
      // "Invalid type for 'messages[1].content': expected one of a string or array of objects,
      // but got an object instead." (https://github.com/clusterzx/paperless-ai/issues/748).
      message = mistyped(content, problem.value, 'one of a string or array of objects');
      break;
    case 'part':
      message = mistyped(part, problem.value, 'an object');
      param = `messages.[${index}].content.[${problem.partIndex}]`;
      break;
    case 'type': {
      const type = isObject(problem.value) ? problem.value.type : undefined;
      if (type !== 'image_url') param = `messages.[${index}].content.[${problem.partIndex}].type`;
      // "Invalid 'messages[234]'. Image URLs are only allowed for messages with role 'user', but
      // this message with role 'tool' contains an image URL."
      // (https://github.com/OpenHands/OpenHands/issues/7700). Other types: ours, in the shape of
      // OpenAI's enum errors ("Invalid value: 'x'. Supported values are: …").
      message =
        type === 'image_url'
          ? `Invalid 'messages[${index}]'. Image URLs are only allowed for messages with role 'user', but this message with role '${role}' contains an image URL.`
          : typeof type === 'string'
            ? `Invalid value: '${type}'. Supported values are: 'text'.`
            : mistyped(`${part}.type`, type, 'a string');
      break;
    }
    case 'text':
      message = mistyped(`${part}.text`, problem.value, 'a string');
      param = `messages.[${index}].content.[${problem.partIndex}].text`;
      break;
  }
  return { code: 'invalid-content', messageIndex: index, message, param };
}
