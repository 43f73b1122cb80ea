import type { ToolResult } from '../../core/history.js';
import { isObject } from '../../core/input-guards.js';
import { appendAll } from '../shared/conversion-context.js';
import type { ShapeFix } from '../shared/chat-host.js';
import type { OpenAIChatUserContentPart } from './openai-chat-types.js';
import { readMediaPieces, writeMediaPieces, type MediaPieceTable } from '../shared/media-pieces.js';

// Chat Completions takes images and files only in user messages: "Image URLs are only allowed for
// messages with role 'user', but this message with role 'tool' contains an image URL."
// (OpenHands/OpenHands#7700). A result's images and documents go into a user message right after
// its run of `tool` messages, as clients do (MoonshotAI/kimi-code#626).

/** Chat's content pieces: `image_url: { url }` (a URL or a data URL) and `file`. */
export const CHAT_PIECES: MediaPieceTable = {
  format: 'openai-chat',
  text: 'text',
  media: [
    { type: 'image_url', holds: 'image', inside: 'image_url', keys: { link: 'url' } },
    {
      type: 'file',
      holds: 'document',
      inside: 'file',
      keys: { dataUrl: 'file_data', fileId: 'file_id', filename: 'filename' },
    },
  ],
};

/**
 * The user message content that carries the images and documents of `results` (empty for none),
 * and what of them Chat cannot hold.
 */
export function mediaOfResults(results: readonly ToolResult[]): {
  readonly content: OpenAIChatUserContentPart[];
  readonly lost: readonly { readonly callId: string; readonly what: string }[];
} {
  const content: OpenAIChatUserContentPart[] = [];
  const lost: { callId: string; what: string }[] = [];
  for (const { callId, parts = [] } of results) {
    const written = writeMediaPieces(parts, CHAT_PIECES);
    for (const what of written.lost) lost.push({ callId, what });
    const media = written.pieces.filter((piece) => piece.type !== 'text');
    if (media.length === 0) continue;
    content.push({ type: 'text', text: `Attachments of the result of tool call ${callId}:` });
    appendAll(content, media as unknown as OpenAIChatUserContentPart[]);
  }
  return { content, lost };
}

/** What {@link moveToolMedia} did: the messages, its fixes, and where each came from in its input. */
export interface MovedMedia {
  readonly messages: readonly unknown[];
  readonly fixes: readonly ShapeFix[];
  /** Per message, its index in the input; a user message added, its run's last `tool` message. */
  readonly inputIndexes: readonly number[];
  /** Per input message, its index in `messages`. */
  readonly placeOf: readonly number[];
}

/**
 * Moves the image and file parts of `tool` messages, as they are, into one user message right
 * after their run of `tool` messages; a `tool` message left without text gets a note.
 * `undefined` when no `tool` message holds one.
 */
export function moveToolMedia(messages: readonly unknown[]): MovedMedia | undefined {
  const out: unknown[] = [];
  const fixes: ShapeFix[] = [];
  const inputIndexes: number[] = [];
  const placeOf: number[] = [];
  let moved: unknown[] = [];
  for (let index = 0; index <= messages.length; index++) {
    const message: unknown = messages[index];
    const tool = isObject(message) && message.role === 'tool';
    if (!tool && moved.length > 0) {
      out.push({ role: 'user', content: moved });
      inputIndexes.push(index - 1);
      moved = [];
    }
    if (index === messages.length) break;
    placeOf.push(out.length);
    inputIndexes.push(index);
    if (
      !tool ||
      readMediaPieces(message.content, CHAT_PIECES) === undefined ||
      !Array.isArray(message.content)
    ) {
      out.push(message);
      continue;
    }
    const parts = message.content as readonly Readonly<Record<string, unknown>>[];
    const texts = parts.filter((part) => part.type === 'text');
    const callId = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
    moved.push({ type: 'text', text: `Attachments of the result of tool call ${callId}:` });
    moved.push(...parts.filter((part) => part.type !== 'text'));
    out.push({ ...message, content: texts.length === 0 ? MOVED_NOTE : texts });
    fixes.push({
      kind: 'moved-media',
      messageIndex: out.length - 1,
      callId,
      message: `The tool message at messages[${index}] held images or files, which OpenAI takes only in user messages; they were moved into a user message after the run of tool messages.`,
    });
  }
  return fixes.length === 0 ? undefined : { messages: out, fixes, inputIndexes, placeOf };
}

/** The note a `tool` message whose images and files were moved out keeps as its content. */
export const MOVED_NOTE = '(attachments in the next user message)';
