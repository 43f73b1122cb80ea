import { z } from 'zod';
import type { MessageFormat } from '../core/format.js';
import type { JsonValue, ResultPart, ToolResult } from '../core/history.js';
import { contentOfParts } from '../core/history.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { adapterFor, type WrittenHistory } from '../formats/index.js';

// MCP `CallToolResult` (https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-result),
// written by hand: the SDK's schema is a dev dependency only. Unknown keys are allowed, as the SDK allows them.
const media = { data: z.string(), mimeType: z.string() };
const contentBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), ...media }),
  z.object({ type: z.literal('audio'), ...media }),
  z.object({
    type: z.literal('resource'),
    resource: z.union([
      z.object({ uri: z.string(), mimeType: z.string().optional(), text: z.string() }),
      z.object({ uri: z.string(), mimeType: z.string().optional(), blob: z.string() }),
    ]),
  }),
  z.object({
    type: z.literal('resource_link'),
    uri: z.string(),
    name: z.string(),
    mimeType: z.string().optional(),
  }),
]);
const callToolResult = z.object({
  content: z.array(contentBlock).default([]),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
});

type McpContentBlock = z.infer<typeof contentBlock>;

/** Options of {@link fromMcpResult}: the target format and the call the result answers. */
export interface FromMcpResultOptions<F extends MessageFormat> {
  readonly format: F;
  readonly callId: string;
  /** The tool's name (Gemini and aiwrapper results carry it). */
  readonly name: string;
}

/**
 * Writes an MCP `CallToolResult` as `format`'s tool result message(s): `isError` becomes the
 * format's error flag (`is_error`, `status: 'error'`, Gemini `{ error }`), images and documents go
 * where the format holds them, `structuredContent` is the JSON when no text block says it.
 * Annotations and `_meta` are for the client and are left out.
 * @throws {ToolHistoryError} `invalid-input` when `result` is not a `CallToolResult`, or for
 *   `'vercel-ui'`, whose results live inside their call's tool part (use `'vercel'`).
 * @throws {UnsupportedFormatError} for a format name this package does not know.
 * @example
 * const { messages } = fromMcpResult(await client.callTool(call), { format: 'anthropic', callId, name });
 */
export function fromMcpResult<F extends MessageFormat>(
  result: unknown,
  options: FromMcpResultOptions<F>,
): WrittenHistory[F] {
  const adapter = adapterFor(options.format);
  if (options.format === 'vercel-ui')
    throw new ToolHistoryError(
      'invalid-input',
      `fromMcpResult for call "${options.callId}": a UI message holds a result inside its call's tool part, not in a message of its own; write it with format 'vercel' (a tool message), or set the part's output.`,
    );
  const parsed = callToolResult.safeParse(result);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => `result.${issue.path.map(String).join('.')}: ${issue.message}`)
      .join('; ');
    throw new ToolHistoryError(
      'invalid-input',
      `fromMcpResult for call "${options.callId}": ${detail}. Pass the CallToolResult an MCP client's callTool() returns.`,
      { cause: parsed.error },
    );
  }
  const { content, structuredContent, isError } = parsed.data;
  const pieces = content.map(pieceOf);
  if (structuredContent !== undefined)
    pieces.push({ type: 'json', value: structuredContent as JsonValue });
  const hasMedia = pieces.some((piece) => piece.type === 'image' || piece.type === 'document');
  const neutral: ToolResult = {
    callId: options.callId,
    name: options.name,
    content: contentOfParts(pieces),
    ...(hasMedia ? { parts: pieces } : {}),
    isError: isError === true,
  };
  // Alone, the result has no call before it to take its name from: that is not a loss.
  return adapter.write([{ role: 'tool', results: [neutral] }], {
    omitWarnings: new Set(['dropped-result-name']),
  });
}

function pieceOf(block: McpContentBlock): ResultPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', mediaType: block.mimeType, data: block.data };
    case 'audio':
      return { type: 'document', mediaType: block.mimeType, data: block.data };
    case 'resource': {
      const { resource } = block;
      if ('text' in resource) return { type: 'text', text: resource.text };
      const mediaType = resource.mimeType ?? 'application/octet-stream';
      const filename = resource.uri.split('/').pop() ?? '';
      return {
        type: kindOf(mediaType),
        mediaType,
        data: resource.blob,
        ...(filename === '' ? {} : { filename }),
      };
    }
    case 'resource_link':
      // Only a web address is something a provider can fetch; other schemes stay a text link.
      return /^https?:\/\//i.test(block.uri)
        ? {
            type: kindOf(block.mimeType),
            ...(block.mimeType === undefined ? {} : { mediaType: block.mimeType }),
            url: block.uri,
            filename: block.name,
          }
        : { type: 'text', text: `${block.name}: ${block.uri}` };
  }
}

function kindOf(mediaType: string | undefined): 'image' | 'document' {
  return mediaType?.startsWith('image/') === true ? 'image' : 'document';
}
