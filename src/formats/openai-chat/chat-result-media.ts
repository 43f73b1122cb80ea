import {
  dataUrlOf,
  lostMedia,
  parseDataUrl,
  type MediaPart,
  type ResultPart,
  type ToolResult,
} from '../../core/history.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { appendAll, readMediaPieces, textPiece } from '../shared/conversion-context.js';
import type { OpenAIChatUserContentPart } from './openai-chat-types.js';
import type { ShapeFix } from '../shared/chat-host.js';

// Chat Completions takes images and files only in user messages: "Image URLs are only allowed for
// messages with role 'user', but this message with role 'tool' contains an image URL."
// (OpenHands/OpenHands#7700). A result's images and documents go into a user message right after
// its run of `tool` messages, as clients do (MoonshotAI/kimi-code#626).

/** A `tool` message's content array with an image or file part read as result parts; else `undefined`. */
export function readToolMedia(content: unknown): ResultPart[] | undefined {
  return readMediaPieces(content, (piece) => textPiece(piece) ?? readMedia(piece));
}

function readMedia(piece: Readonly<Record<string, unknown>>): MediaPart | undefined {
  const image = isObject(piece.image_url) ? piece.image_url : undefined;
  if (piece.type === 'image_url' && typeof image?.url === 'string' && image.detail === undefined) {
    return { type: 'image', ...(parseDataUrl(image.url) ?? { url: image.url }) };
  }
  const file = isObject(piece.file) ? piece.file : undefined;
  if (piece.type !== 'file' || file === undefined) return undefined;
  const data = typeof file.file_data === 'string' ? parseDataUrl(file.file_data) : undefined;
  if (typeof file.file_data === 'string' && data === undefined) return undefined;
  return {
    type: 'document',
    ...data,
    ...(typeof file.file_id === 'string' && { fileId: file.file_id }),
    ...(typeof file.filename === 'string' && { filename: file.filename }),
  };
}

/**
 * The user message content that carries the images and documents of `results` (empty for none),
 * and what of them Chat cannot hold, as "cannot …" phrases: an image known only by file id, a
 * document only by URL; an image's file name, a URL's media type.
 */
export function mediaOfResults(results: readonly ToolResult[]): {
  readonly content: OpenAIChatUserContentPart[];
  readonly lost: readonly { readonly callId: string; readonly what: string }[];
} {
  const content: OpenAIChatUserContentPart[] = [];
  const lost: { callId: string; what: string }[] = [];
  for (const { callId, parts = [] } of results) {
    const written: OpenAIChatUserContentPart[] = [];
    for (const part of parts) {
      if (part.type !== 'image' && part.type !== 'document') continue;
      const piece = writeMedia(part);
      if (piece === undefined) {
        const only = part.type === 'image' ? 'file id' : 'URL';
        lost.push({ callId, what: `take a result's ${part.type} known only by ${only}` });
        continue;
      }
      written.push(piece);
      const kept = lostMedia(part, readMedia(piece as unknown as JsonObject));
      if (kept !== undefined) lost.push({ callId, what: `hold ${kept}` });
    }
    if (written.length === 0) continue;
    content.push({ type: 'text', text: `Attachments of the result of tool call ${callId}:` });
    appendAll(content, written);
  }
  return { content, lost };
}

function writeMedia(part: MediaPart): OpenAIChatUserContentPart | undefined {
  const dataUrl = dataUrlOf(part);
  if (part.type === 'image') {
    const url = dataUrl ?? part.url;
    return url === undefined ? undefined : { type: 'image_url', image_url: { url } };
  }
  if (dataUrl === undefined && part.fileId === undefined) return undefined;
  return {
    type: 'file',
    file: {
      ...(dataUrl !== undefined && { file_data: dataUrl }),
      ...(part.fileId !== undefined && { file_id: part.fileId }),
      ...(part.filename !== undefined && { filename: part.filename }),
    },
  };
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
    if (!tool || readToolMedia(message.content) === undefined || !Array.isArray(message.content)) {
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
