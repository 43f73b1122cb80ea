import type { HistoryIssue } from '../../errors/history-issue.js';
import { inspectBedrock } from '../../formats/bedrock/validate-bedrock.js';
import type {
  EndpointReply,
  ErrorBodies,
  ErrorReply,
  EndpointRequest,
  ResolvedReply,
  StrictEndpoint,
} from '../endpoint.js';
import {
  argumentsObject,
  ERROR_STATUS,
  errorReply,
  holdsContentBlock,
  isObject,
  jsonReply,
  randomId,
  refuseHistory,
} from '../endpoint.js';
import { textBlockOf } from '../anthropic/anthropic-endpoint.js';

/** Bedrock's 400: `{"message": …}` with the type in `x-amzn-ErrorType` (agno-agi/agno#6698). */
export function bedrockErrorBody(issue: HistoryIssue): ErrorReply<ErrorBodies['bedrock']> {
  return {
    status: 400,
    body: { message: issue.message },
    headers: {
      'x-amzn-errortype':
        'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/',
    },
  };
}

function refuse(message: string): EndpointReply {
  return jsonReply(400, { message });
}

// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
const CONVERSE_PATH = /^\/model\/([^/]+)\/converse$/;

/** `POST /model/{modelId}/converse`; not ConverseStream, whose body is AWS's binary framing. */
export const BEDROCK_ENDPOINT: StrictEndpoint = {
  format: 'bedrock',
  match: (path) => {
    const found = CONVERSE_PATH.exec(path);
    return found === null ? undefined : { model: found[1] ?? '' };
  },
  handle: handleConverse,
  newCallId: () => randomId('tooluse_', 22),
  error: (kind, message) => jsonReply(ERROR_STATUS[kind], { message }),
  // Ours: the shape of Bedrock's other errors, for an operation this server does not serve.
  notFound: {
    prefix: '/model/',
    message: (method, path) => `The strict server does not serve ${method} ${path}.`,
  },
};

async function handleConverse(request: EndpointRequest): Promise<EndpointReply> {
  // Ours: no recorded Bedrock reply to these malformed requests was found.
  if (!request.parsed.ok) return refuse('The request body is not valid JSON.');
  const body = request.parsed.value;
  if (!isObject(body)) return refuse('The request body must be a JSON object.');
  const messages = body.messages;
  if (!Array.isArray(messages))
    return refuse('The messages field must be an array of Message objects.');
  const items: readonly unknown[] = messages;
  const refusal = refuseHistory(
    () => inspectBedrock(items).result,
    refuse,
    ([issue]) => errorReply(bedrockErrorBody(issue)),
  );
  if (refusal !== undefined) return refusal;
  // The profile's toolsWithToolHistory, in Bedrock's words (langgenius/dify#17545).
  if (
    !isObject(body.toolConfig) &&
    holdsContentBlock(items, (block) => 'toolUse' in block || 'toolResult' in block)
  )
    return refuse(
      'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
    );
  const reply = await request.reply(body);
  return jsonReply(200, toConverseResponse(reply));
}

/** A Converse response; Bedrock refuses blank text blocks, so a reply with calls sends none. */
function toConverseResponse(reply: ResolvedReply): object {
  const calls = reply.toolCalls;
  const text = textBlockOf(reply);
  const content: object[] = text === undefined ? [] : [{ text }];
  for (const call of calls)
    content.push({
      toolUse: { toolUseId: call.id, name: call.name, input: argumentsObject(call) },
    });
  return {
    output: { message: { role: 'assistant', content } },
    stopReason: calls.length > 0 ? 'tool_use' : 'end_turn',
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    metrics: { latencyMs: 0 },
  };
}
