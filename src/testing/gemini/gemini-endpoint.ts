import type { HistoryIssue } from '../../errors/history-issue.js';
import { requiresThoughtSignatures } from '../../formats/gemini/gemini-rules.js';
import { inspectGemini } from '../../formats/gemini/validate-gemini.js';
import type {
  EndpointReply,
  ErrorBodies,
  ErrorKind,
  ErrorReply,
  EndpointRequest,
  ResolvedReply,
  StrictEndpoint,
} from '../endpoint.js';
import {
  argumentsObject,
  badRoleAt,
  ERROR_STATUS,
  fragments,
  isObject,
  jsonReply,
  randomId,
  refuseHistory,
  sseFrame,
  streamReply,
} from '../endpoint.js';

type GeminiErrorBody = ErrorBodies['gemini'];

/** The 400 Gemini sends for an issue of `inspectGemini` (microsoft/vscode#299295). */
export function geminiErrorBody(issue: HistoryIssue): ErrorReply<GeminiErrorBody> {
  return { status: 400, body: geminiError(400, issue.message, 'INVALID_ARGUMENT') };
}

function geminiError(code: number, message: string, status: string): GeminiErrorBody {
  return { error: { code, message, status } };
}

const GOOGLE_JSON = 'application/json; charset=UTF-8';
// https://ai.google.dev/api/generate-content: models/{model}:generateContent and :streamGenerateContent.
const GEMINI_PATH = /^\/(?:v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

const ERROR_STATUS_NAMES: Readonly<Record<ErrorKind, string>> = {
  invalid: 'INVALID_ARGUMENT',
  'too-large': 'INVALID_ARGUMENT',
  'server-error': 'STRICT_SERVER_ERROR',
  'not-found': 'NOT_FOUND',
};

/** Gemini's error reply; to a stream without `alt=sse` in an array (google-gemini/gemini-cli#15425). */
function geminiErrorReply(
  kind: ErrorKind,
  message: string,
  path: string,
  query: URLSearchParams,
): EndpointReply {
  const status = ERROR_STATUS[kind];
  const body = geminiError(status, message, ERROR_STATUS_NAMES[kind]);
  const inArray =
    kind !== 'not-found' &&
    GEMINI_PATH.exec(path)?.[2] === 'streamGenerateContent' &&
    query.get('alt') !== 'sse';
  return jsonReply(status, inArray ? [body] : body, GOOGLE_JSON);
}

/** `:generateContent` and `:streamGenerateContent` (SSE with `?alt=sse`, else one JSON array). */
export const GEMINI_ENDPOINT: StrictEndpoint = {
  format: 'gemini',
  // The model stays percent-encoded here: a bad escape is the endpoint's 400, not the router's.
  match: (path) => {
    const found = GEMINI_PATH.exec(path);
    return found === null ? undefined : { model: found[1] ?? '', method: found[2] ?? '' };
  },
  handle: handleGenerateContent,
  newCallId: () => '',
  error: geminiErrorReply,
  // Ours: Google answers an unknown path with an HTML page; JSON keeps the path readable.
  notFound: { prefix: '/v1beta/', message: (_method, path) => `Method not found: POST ${path}` },
};

async function handleGenerateContent(request: EndpointRequest): Promise<EndpointReply> {
  const streaming = request.params.method === 'streamGenerateContent';
  const sse = streaming && request.query.get('alt') === 'sse';
  const refuse = (message: string): EndpointReply =>
    geminiErrorReply('invalid', message, request.path, request.query);
  let model: string;
  try {
    model = decodeURIComponent(request.params.model ?? '');
  } catch {
    // Ours: Google's front end answers a malformed path before the API sees it.
    return refuse(`Invalid model name in the request path: "${request.params.model ?? ''}".`);
  }
  // Google's first sentence; its parser's complaint follows.
  if (!request.parsed.ok) return refuse('Invalid JSON payload received.');
  const body = request.parsed.value;
  if (!isObject(body)) return refuse('Invalid JSON payload received. Expected an object.');
  const contents = body.contents;
  // With the leading "* " and the trailing newline (langchain-ai/langchain-google#1393).
  if (contents === undefined || (Array.isArray(contents) && contents.length === 0))
    return refuse('* GenerateContentRequest.contents: contents is not specified\n');
  // Ours: Google's sentence for a mistyped field names the proto type; not recorded here.
  if (!Array.isArray(contents))
    return refuse("Invalid value at 'contents': expected a list of Content.");
  const items: readonly unknown[] = contents;
  if (badRoleAt(items, ['user', 'model']) !== -1)
    return refuse('Please use a valid role: user, model.');
  // The model in the path picks its rules (Gemini 3's thought signatures).
  const refusal = refuseHistory(() => inspectGemini(items, { model }).result, refuse);
  if (refusal !== undefined) return refusal;
  const resolved = await request.reply(body);
  const chunks = toChunks(resolved, { id: randomId('', 22, BASE64URL), model }, streaming);
  if (!streaming) return jsonReply(200, chunks[0], GOOGLE_JSON);
  if (sse)
    return streamReply(
      chunks.map((chunk) => sseFrame(chunk, undefined, '\r\n')),
      'text/event-stream',
    );
  return streamReply(
    chunks.map(
      (chunk, index) =>
        `${index === 0 ? '[' : ',\r\n'}${JSON.stringify(chunk)}${index === chunks.length - 1 ? ']' : ''}`,
    ),
    GOOGLE_JSON,
  );
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** One `GenerateContentResponse`, or streamed: text in pieces, each `functionCall` whole. */
function toChunks(
  reply: ResolvedReply,
  envelope: { readonly id: string; readonly model: string },
  streaming: boolean,
): object[] {
  const text = reply.text ?? (reply.toolCalls.length === 0 ? '' : undefined);
  const pieces = text === undefined ? [] : streaming ? fragments(text) : [text];
  const textParts = (pieces.length === 0 && text !== undefined ? [''] : pieces).map((piece) => ({
    text: piece,
  }));
  const callParts = reply.toolCalls.map((call, position) => {
    // The Developer API sends no call ids; a scripted one goes in Vertex AI's `functionCall.id`.
    const functionCall = {
      name: call.name,
      args: argumentsObject(call),
      ...(call.idGiven ? { id: call.id } : {}),
    };
    // Gemini 3 refuses the next request without it: an opaque stand-in.
    return position === 0 && requiresThoughtSignatures(envelope.model)
      ? { functionCall, thoughtSignature: `c3RyaWN0LXNlcnZlcjo${randomId('', 24, BASE64URL)}` }
      : { functionCall };
  });
  const groups = streaming
    ? [...textParts, ...callParts].map((part) => [part])
    : [[...textParts, ...callParts]];
  return groups.map((parts, index) => ({
    candidates: [
      {
        content: { parts, role: 'model' },
        ...(index === groups.length - 1 ? { finishReason: 'STOP' } : {}),
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 },
    modelVersion: envelope.model,
    responseId: envelope.id,
  }));
}
