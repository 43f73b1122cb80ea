import { argumentsObject, randomId } from '../shared/scripted-reply.js';
import type { ResolvedReply } from '../shared/scripted-reply.js';

/** A fresh Bedrock tool-use id, `tooluse_` and 22 letters and digits (`tooluse_kZJMlvQmRJ6eAyJE5GIl7Q`). */
export function newBedrockToolUseId(): string {
  return randomId('tooluse_', 22);
}

/**
 * A Converse response (API reference, `Converse` response syntax:
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html): the message
 * under `output.message`, text first, then `toolUse` blocks with object `input`; `stopReason`
 * `tool_use` when the reply calls tools, else `end_turn`.
 */
export function toConverseResponse(reply: ResolvedReply): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  // Bedrock refuses blank text blocks in requests, so a reply with calls sends none; a reply with
  // neither text nor calls still gets one, so the message is never empty.
  const text = reply.toolCalls.length === 0 ? (reply.text ?? '') : reply.text;
  if (text !== undefined && (text !== '' || reply.toolCalls.length === 0)) content.push({ text });
  for (const call of reply.toolCalls) {
    content.push({
      toolUse: { toolUseId: call.id, name: call.name, input: argumentsObject(call) },
    });
  }
  return {
    output: { message: { role: 'assistant', content } },
    stopReason: reply.toolCalls.length > 0 ? 'tool_use' : 'end_turn',
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    metrics: { latencyMs: 0 },
  };
}
