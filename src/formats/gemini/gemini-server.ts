import { isToolHistoryError } from '../../errors/tool-history-error.js';
import { geminiErrorBodyFor } from './gemini-error.js';
import { validateGemini } from './validate-gemini.js';
import {
  failureStatus,
  streamReply,
  isJsonObject,
  jsonReply,
  scriptFailureMessage,
  sseFrame,
} from '../shared/strict-endpoint.js';
import type { Endpoint, EndpointReply, EndpointRequest } from '../shared/strict-endpoint.js';
import { newGeminiResponseId, toGeminiChunks, toGeminiResponse } from './gemini-reply.js';
import { resolveReply } from '../shared/scripted-reply.js';
import type { ScriptedReply } from '../shared/scripted-reply.js';
import type { StrictServerRoute } from '../shared/strict-endpoint.js';

/** Google's JSON content type. */
const GOOGLE_JSON = 'application/json; charset=UTF-8';

/**
 * `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent`: refuses what Gemini
 * refuses (with {@link validateGemini} on `contents`), then answers the scripted reply as one
 * `GenerateContentResponse`, or streamed: server-sent events with `?alt=sse`, else a JSON array
 * of chunks, as Google sends them. Errors to a stream without `alt=sse` come wrapped in an array
 * too (`[{"error": …}]`, as gemini-cli prints them in https://github.com/google-gemini/gemini-cli/issues/15425).
 */
export function geminiEndpoint(): Endpoint {
  return { handle: handleGemini, reset: () => undefined };
}

async function handleGemini(request: EndpointRequest): Promise<EndpointReply> {
  const streaming = request.params.method === 'streamGenerateContent';
  const sse = streaming && request.query.get('alt') === 'sse';
  const refuse = (message: string, status = 'INVALID_ARGUMENT'): EndpointReply =>
    geminiError(400, { error: { code: 400, message, status } }, streaming && !sse);

  const model = decodeModel(request.params.model ?? '');
  // Ours: Google's front end answers a malformed path before the API sees it.
  if (model === undefined)
    return refuse(`Invalid model name in the request path: "${request.params.model ?? ''}".`);
  // Google's sentence starts so and goes on with the parser's complaint and a caret under the
  // offending spot; the local server gives the first sentence only.
  if (!request.parsed.ok) return refuse('Invalid JSON payload received.');
  const body = request.parsed.value;
  if (!isJsonObject(body)) return refuse('Invalid JSON payload received. Expected an object.');
  const contents = body.contents;
  // "* GenerateContentRequest.contents: contents is not specified\n", with the leading "* " and
  // the trailing newline: https://github.com/ikechan8370/chatgpt-plugin/issues/733,
  // https://github.com/langchain-ai/langchain-google/issues/1393.
  if (contents === undefined || (Array.isArray(contents) && contents.length === 0)) {
    return refuse('* GenerateContentRequest.contents: contents is not specified\n');
  }
  // Ours: Google's sentence for a mistyped field names the proto type; not recorded for this field.
  if (!Array.isArray(contents))
    return refuse("Invalid value at 'contents': expected a list of Content.");
  // Google's sentence for a role other than `user` and `model`, whatever the role.
  const items: readonly unknown[] = contents;
  if (
    items.some(
      (content) =>
        isJsonObject(content) &&
        typeof content.role === 'string' &&
        !['user', 'model'].includes(content.role),
    )
  )
    return refuse('Please use a valid role: user, model.');
  const refusal = refuseHistory(contents, streaming && !sse, model);
  if (refusal !== undefined) return refusal;

  let reply: ScriptedReply;
  try {
    reply = await request.nextReply({ format: 'gemini', path: request.path, body });
  } catch (error) {
    return refuse(scriptFailureMessage(error), 'STRICT_SERVER_ERROR');
  }
  const envelope = { id: newGeminiResponseId(), model };
  // Gemini's calls carry no id; `newCallId` is only asked when a script leaves one out, and
  // Gemini replies show only ids a script gave.
  const resolved = resolveReply(reply, () => '');
  if (!streaming) return jsonReply(200, toGeminiResponse(resolved, envelope), GOOGLE_JSON);
  const chunks = toGeminiChunks(resolved, envelope);
  if (sse)
    return streamReply(
      chunks.map((chunk) => sseFrame(chunk, { newline: '\r\n' })),
      'text/event-stream',
    );
  return streamReply(jsonArrayChunks(chunks), GOOGLE_JSON);
}

function refuseHistory(
  contents: readonly unknown[],
  inArray: boolean,
  model: string,
): EndpointReply | undefined {
  try {
    // The model in the path picks the model's rules: Gemini 3 wants its thought signatures back.
    const result = validateGemini(contents, { model });
    if (result.ok) return undefined;
    const { status, body } = geminiErrorBodyFor(result.issues[0]);
    return geminiError(status, body, inArray);
  } catch (error) {
    // Content of a shape the API does not have: the validator's own sentence, in Google's envelope.
    if (isToolHistoryError(error)) {
      return geminiError(
        400,
        { error: { code: 400, message: error.message, status: 'INVALID_ARGUMENT' } },
        inArray,
      );
    }
    throw error;
  }
}

/** Google's 404 for a path it does not serve under `/v1beta/`. */
export function geminiNotFound(path: string): EndpointReply {
  // Ours: Google answers an unknown path with an HTML page; JSON in Google's error shape is kept
  // so clients that parse errors see the path.
  return jsonReply(
    404,
    { error: { code: 404, message: `Method not found: POST ${path}`, status: 'NOT_FOUND' } },
    GOOGLE_JSON,
  );
}

function geminiError(status: number, body: unknown, inArray: boolean): EndpointReply {
  return jsonReply(status, inArray ? [body] : body, GOOGLE_JSON);
}

/** A stream of chunks without `alt=sse`: one JSON array, written element by element as Google does. */
function jsonArrayChunks(chunks: readonly unknown[]): string[] {
  return chunks.map(
    (chunk, index) =>
      `${index === 0 ? '[' : ',\r\n'}${JSON.stringify(chunk)}${index === chunks.length - 1 ? ']' : ''}`,
  );
}

// https://ai.google.dev/api/generate-content: models/{model}:generateContent and :streamGenerateContent.
const GEMINI_PATH = /^\/(?:v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent`: Gemini. */
export const GEMINI_ROUTE: StrictServerRoute = {
  format: 'gemini',
  // The model stays percent-encoded here: a bad escape is the endpoint's 400, not the router's.
  match: (path) => {
    const gemini = GEMINI_PATH.exec(path);
    return gemini === null ? undefined : { model: gemini[1] ?? '', method: gemini[2] ?? '' };
  },
  createEndpoint: geminiEndpoint,
  failureReply: (failure, message) => {
    const status = failureStatus(failure);
    const code = failure === 'too-large' ? 'INVALID_ARGUMENT' : 'STRICT_SERVER_ERROR';
    return jsonReply(status, { error: { code: status, message, status: code } }, GOOGLE_JSON);
  },
  notFound: { prefix: '/v1beta/', reply: (_method, path) => geminiNotFound(path) },
};

/** The model name from the path, percent-decoded; `undefined` for a bad escape (`%E0%A4%A`). */
function decodeModel(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}
