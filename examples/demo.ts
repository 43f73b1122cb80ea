/**
 * The main job, end to end: an aiwrapper agent loop against the embedded strict server (or a real
 * OpenAI-compatible endpoint: set OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL).
 *
 * 1. the naive loop on aiwrapper 3.0.3 alone (this package is installed only after it), the
 *    exact 400 it earns, and why, in the provider's words;
 * 2. the same loop with the explicit helpers;
 * 3. a reloaded conversation that lost its call turn, sent with `autoAssistantToolCalls`.
 */
import { Lang, LangMessages, type LangMessage, type ToolRequest, type ToolResult } from 'aiwrapper';
import { installProviderErrors, isProviderError } from 'aiwrapper-tool-calls/aiwrapper';
import { startStrictServer, type StrictServer } from 'aiwrapper-tool-calls/testing';

const tools = [
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];

function runTools(calls: readonly ToolRequest[]): ToolResult[] {
  return calls.map((call) => ({
    toolId: call.callId,
    name: call.name,
    result: { city: call.arguments.city as unknown, sky: 'sunny', temp_c: 21 },
  }));
}

const weatherCalls = {
  toolCalls: [
    { name: 'get_weather', arguments: { city: 'Paris' } },
    { name: 'get_weather', arguments: { city: 'London' } },
  ],
};

function show(title: string, messages: LangMessages): void {
  console.log(`\n${title}`);
  for (const message of messages) console.log(`  ${describeMessage(message)}`);
}

function describeMessage(message: LangMessage): string {
  const synthesized = message.meta?.synthesizedToolCalls === true ? ' (synthesized)' : '';
  const parts = message.items.map((item) => {
    switch (item.type) {
      case 'text':
        return JSON.stringify(item.text);
      case 'tool':
        return `→ ${item.name}(${JSON.stringify(item.arguments)}) [${item.callId}]`;
      case 'tool-result':
        return `← [${item.callId}] ${JSON.stringify(item.result)}`;
      default:
        return `(${item.type})`;
    }
  });
  return `${message.role.padEnd(13)}${parts.join('  ')}${synthesized}`;
}

// aiwrapper 3.0.3 throws "HTTP error! status: 400" and drops the provider's answer. This puts the
// answer back on the thrown error (message, `providerMessage`, `providerError`); it changes nothing
// else, so step 1 still shows aiwrapper's own behaviour.
installProviderErrors();

/** The provider's own sentence (with OpenAI's `param`, which says where) from a refusal. */
function providerWords(error: unknown): string {
  if (!isProviderError(error)) return String(error);
  const body = error.providerError as { error?: { param?: unknown } } | undefined;
  const param = body?.error?.param;
  const where = typeof param === 'string' ? ` (param ${param})` : '';
  return `${String(error.status)} ${error.providerMessage ?? error.message}${where}`;
}

async function main(): Promise<void> {
  const real = process.env.OPENAI_BASE_URL;
  let server: StrictServer | undefined;
  if (!real) server = await startStrictServer();
  const baseURL = real ?? server?.baseURL ?? '';
  const lang = Lang.openaiLike({
    baseURL,
    apiKey: process.env.OPENAI_API_KEY ?? 'local',
    model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini',
  });
  console.log(
    real
      ? `Talking to ${real}.`
      : `Embedded strict OpenAI-compatible server on ${baseURL} (set OPENAI_BASE_URL to use a real one).`,
  );

  try {
    // 1. aiwrapper 3.0.3 alone, as a pre-3.0 loop is ported by hand: tools without handlers,
    //    the caller runs them and adds the results. But chat() already recorded the call turn and
    //    answered each call with ToolNotFound, so the real results come as a second
    //    tool-results message, answering calls that are no longer open.
    server?.enqueue(weatherCalls, { text: 'Sunny in Paris and London.' });
    const question = new LangMessages('Weather in Paris and London?');
    question.availableTools = tools;
    const naive = await lang.chat(question);
    const requested =
      [...naive].reverse().find((message) => message.role === 'assistant')?.toolRequests ?? [];
    naive.addToolResultsMessage(
      runTools(requested).map((toolResult) => ({
        type: 'tool-result',
        callId: toolResult.toolId,
        name: toolResult.name,
        result: toolResult.result as unknown,
      })),
    );
    try {
      await lang.chat(naive);
      show('1. aiwrapper alone: accepted (this endpoint is lenient)', naive);
    } catch (error) {
      show('1. aiwrapper alone: the history sent', naive);
      console.log(`  ✗ refused: ${providerWords(error)}`);
      console.log(
        '  ✗ why: chat() had already answered both calls (ToolNotFound), so the second ' +
          'tool-results message answers calls no open call turn holds.',
      );
      if (isProviderError(error))
        console.log(`  (the whole body: ${JSON.stringify(error.providerError)})`);
    }

    // From here on, the package is installed: the helpers, `tools` in chat options, and the
    // auto flags.
    await import('aiwrapper-tool-calls/register');

    // 2. The explicit helpers: one call turn, then the user's results in call order.
    server?.reset();
    server?.enqueue(weatherCalls, { text: 'Sunny in Paris and London.' });
    let result = await lang.chat(new LangMessages('Weather in Paris and London?'), { tools });
    if (result.tools && result.tools.length > 0) {
      result.addToolCallsAndResults(result.tools, runTools(result.tools));
      result = await lang.chat(result.messages, { tools });
    }
    show('2. addToolCallsAndResults: accepted', result);

    // 3. A conversation reloaded from storage that kept the results but lost the call turn.
    server?.reset();
    server?.enqueue({ text: 'It is sunny in Paris.' });
    const reloaded = new LangMessages('Weather in Paris?');
    reloaded.addToolResultsMessage([
      { type: 'tool-result', callId: 'call_7Hq2', name: 'get_weather', result: { sky: 'sunny' } },
    ]);
    await lang.chat(reloaded, { autoAssistantToolCalls: true });
    show('3. autoAssistantToolCalls: the missing call turn synthesized, accepted', reloaded);
    if (server)
      console.log(
        `\nThe server answered: ${server.requests.length} request(s) in the last step, statuses ${server.requests.map((r) => r.status).join(', ')}.`,
      );
  } finally {
    await server?.close();
  }
}

await main();
