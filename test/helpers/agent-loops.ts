import type { LanguageProvider, LangMessages, ToolRequest, ToolResult } from 'aiwrapper';

/** Tools as the pre-3.0 API took them in chat options: definitions the caller runs itself. */
export const weatherTools: {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}[] = [
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];

/** The caller's own tool runner: results in the pre-3.0 `ToolResult` shape. */
export function runTools(calls: readonly ToolRequest[]): Promise<ToolResult[]> {
  return Promise.resolve(
    calls.map((call) => ({
      toolId: call.callId,
      name: call.name,
      result: { city: call.arguments.city, temp: 21 },
    })),
  );
}

/**
 * The non-streaming agent loop users wrote for the pre-3.0 API, unchanged (issue #2).
 * `messages` and `tools` are theirs; the loop body is verbatim.
 */
export async function nonStreamingLoop(
  lang: LanguageProvider,
  messages: LangMessages,
  tools: typeof weatherTools,
): Promise<LangMessages> {
  let result = await lang.chat(messages, { tools });
  if (result.tools && result.tools.length > 0) {
    const toolResults = await runTools(result.tools);
    result.addToolCallsAndResults(result.tools, toolResults);
    result = await lang.chat(result.messages, { tools });
  }
  return result;
}

/** The streaming agent loop users wrote for the pre-3.0 API, unchanged (issue #2). */
export async function streamingLoop(
  lang: LanguageProvider,
  messages: LangMessages,
  tools: typeof weatherTools,
): Promise<LangMessages> {
  const seen: string[] = [];
  const onResult = (message: { role: string }): void => {
    seen.push(message.role);
  };
  let result = await lang.chat(messages, { tools, onResult });
  // once the tool calls are complete (the user's code, verbatim, non-null assertions included)
  /* eslint-disable @typescript-eslint/no-non-null-assertion */
  const toolResults = await runTools(result.tools!);
  result.addAssistantToolCalls(result.tools!);
  result.addToolUseMessage(toolResults);
  /* eslint-enable @typescript-eslint/no-non-null-assertion */
  result = await lang.chat(result.messages, { tools, onResult });
  if (seen.length === 0) throw new Error('onResult was never called: the loop did not stream');
  return result;
}
