import { isToolHistoryError } from '../../errors/tool-history-error.js';
import { resolveReply } from '../shared/scripted-reply.js';
import type { ScriptedReply } from '../shared/scripted-reply.js';
import {
  failureStatus,
  holdsContentBlock,
  isJsonObject,
  jsonReply,
  scriptFailureMessage,
} from '../shared/strict-endpoint.js';
import type {
  Endpoint,
  EndpointReply,
  EndpointRequest,
  StrictServerRoute,
} from '../shared/strict-endpoint.js';
import { bedrockErrorBodyFor } from './bedrock-error.js';
import { newBedrockToolUseId, toConverseResponse } from './bedrock-reply.js';
import { validateBedrock } from './validate-bedrock.js';

/**
 * `POST /model/{modelId}/converse`: refuses what Bedrock refuses (with {@link validateBedrock} on
 * `messages`, reporting the first issue in message order as Bedrock does) with a 400 whose body is
 * `{"message": …}`, then answers the scripted reply as a Converse response. ConverseStream is not
 * served: its body is AWS's binary event-stream framing.
 */
export function bedrockEndpoint(): Endpoint {
  return { handle: handleBedrock, reset: () => undefined };
}

async function handleBedrock(request: EndpointRequest): Promise<EndpointReply> {
  // Ours: no recorded Bedrock reply to these malformed requests was found.
  if (!request.parsed.ok) return refuse('The request body is not valid JSON.');
  const body = request.parsed.value;
  if (!isJsonObject(body)) return refuse('The request body must be a JSON object.');
  const messages = body.messages;
  if (!Array.isArray(messages))
    return refuse('The messages field must be an array of Message objects.');
  const refusal = refuseHistory(messages);
  if (refusal !== undefined) return refusal;
  // BEDROCK_PROFILE.toolsWithToolHistory, in Bedrock's words (langgenius/dify#17545,
  // onyx-dot-app/onyx#7842).
  if (
    !isJsonObject(body.toolConfig) &&
    holdsContentBlock(messages, (block) => 'toolUse' in block || 'toolResult' in block)
  )
    return refuse(
      'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
    );
  let reply: ScriptedReply;
  try {
    reply = await request.nextReply({ format: 'bedrock', path: request.path, body });
  } catch (error) {
    return refuse(scriptFailureMessage(error));
  }
  return jsonReply(200, toConverseResponse(resolveReply(reply, newBedrockToolUseId)));
}

function refuseHistory(messages: readonly unknown[]): EndpointReply | undefined {
  try {
    const result = validateBedrock(messages);
    if (result.ok) return undefined;
    const { status, body } = bedrockErrorBodyFor(result.issues[0]);
    return jsonReply(status, body);
  } catch (error) {
    // A message of a shape Converse does not have: the validator's sentence (Bedrock's own where
    // it is on record: an empty content, a blank text block) in Bedrock's body.
    if (isToolHistoryError(error)) return refuse(error.message);
    throw error;
  }
}

function refuse(message: string, status = 400): EndpointReply {
  return jsonReply(status, { message });
}

// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html: POST /model/{modelId}/converse.
const CONVERSE_PATH = /^\/model\/([^/]+)\/converse$/;

/** `POST /model/{modelId}/converse`: Bedrock Converse. */
export const BEDROCK_ROUTE: StrictServerRoute = {
  format: 'bedrock',
  match: (path) => {
    const converse = CONVERSE_PATH.exec(path);
    return converse === null ? undefined : { model: converse[1] ?? '' };
  },
  createEndpoint: bedrockEndpoint,
  failureReply: (failure, message) => refuse(message, failureStatus(failure)),
  notFound: {
    prefix: '/model/',
    // Ours: the shape of Bedrock's other errors, for an operation this server does not serve.
    reply: (method, path) => refuse(`The strict server does not serve ${method} ${path}.`, 404),
  },
};
