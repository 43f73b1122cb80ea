import { generateText, jsonSchema, tool, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

/** The tool every oracle call knows (approvals run it): answers `ran`. */
const tools = {
  get_weather: tool({
    inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object' }),
    needsApproval: true,
    execute: () => 'ran',
  }),
};

/** What `generateText` (mock model) makes of `messages`: `'ok'` with the prompt the model saw, or the SDK's error. */
export async function sdkVerdict(
  messages: readonly unknown[],
): Promise<
  { readonly ok: true; readonly prompt: unknown } | { readonly ok: false; readonly error: string }
> {
  const model = new MockLanguageModelV3({
    doGenerate: {
      content: [{ type: 'text', text: 'done' }],
      finishReason: { unified: 'stop', raw: undefined },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
      warnings: [],
    },
  });
  try {
    await generateText({ model, tools, messages: messages as ModelMessage[] });
    return { ok: true, prompt: model.doGenerateCalls[0]?.prompt };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
