/**
 * The main job, end to end: an aiwrapper agent loop against the embedded strict server (or a real
 * OpenAI-compatible endpoint: set OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL). Each step
 * prints what the code did and what to notice:
 *
 * 1. aiwrapper 3.0.3 alone (this package is imported only after it): the app saves the results
 *    but not the call turn, and earns the 400 the README quotes;
 * 2. the explicit helpers;
 * 3. step 1's conversation, reloaded without its call turn, sent with `autoAssistantToolCalls`;
 * 4. the tool loop (`runToolLoop`): live tool-call progress, a Stop while a tool runs, then a
 *    pause for approval and a resume from the conversation's JSON alone;
 * 5. one HTML page of every conversation above, written to a temp dir.
 */
import {
  Lang,
  LangMessages,
  setHttpRequestImpl,
  type LangMessage,
  type ToolRequest,
  type ToolResult,
} from 'aiwrapper';
import {
  isProviderError,
  resumeToolLoop,
  runToolLoop,
  withProviderErrors,
  type LoopTool,
  type ToolLoopEvent,
} from 'aiwrapper-tool-calls/aiwrapper';
import { renderHistoryHtml } from 'aiwrapper-tool-calls';
import { startStrictServer, type StrictServer } from 'aiwrapper-tool-calls/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** A step's header: what the code did, then what to notice in the lines below it. */
function step(title: string, notice: string): void {
  console.log(`\n${title}\n   notice: ${notice}`);
}

function show(title: string, messages: LangMessages): void {
  console.log(`   ${title}:`);
  for (const message of messages) console.log(`     ${describeMessage(message)}`);
}

/** Long arguments cut to one line's worth. */
function shorten(text: string): string {
  return text.length > 90 ? `${text.slice(0, 80)}…(${String(text.length)} chars)` : text;
}

function describeMessage(message: LangMessage): string {
  const synthesized = message.meta?.synthesizedToolCalls === true ? ' (synthesized)' : '';
  const parts = message.items.map((item) => {
    switch (item.type) {
      case 'text':
        return JSON.stringify(item.text);
      case 'tool':
        return `→ ${item.name}(${shorten(JSON.stringify(item.arguments))}) [${item.callId}]`;
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
// else, so step 1 still shows aiwrapper's own behaviour. It also lets the tool loop (step 4) read
// the provider's raw stream for live arguments; other requests pass untouched.
setHttpRequestImpl(withProviderErrors());

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
    // 1. aiwrapper 3.0.3 alone, as a pre-3.0 loop is ported by hand: the app asks with tools,
    //    runs the calls itself and saves the user turn and the results in its own store. The
    //    call turn chat() recorded is not saved, so the reloaded history answers no call.
    step(
      '1. aiwrapper alone: the app ran the tools and saved their results, but not the call turn',
      'OpenAI refuses it with the sentence the README quotes, and says where (param)',
    );
    server?.enqueue(weatherCalls);
    const question = new LangMessages('Weather in Paris and London?');
    question.availableTools = tools;
    const asked = await lang.chat(question);
    const requested =
      [...asked].reverse().find((message) => message.role === 'assistant')?.toolRequests ?? [];
    const saved = new LangMessages('Weather in Paris and London?');
    saved.addToolResultsMessage(
      runTools(requested).map((toolResult) => ({
        type: 'tool-result',
        callId: toolResult.toolId,
        name: toolResult.name,
        result: toolResult.result as unknown,
      })),
    );
    const reloadedJson = JSON.stringify(saved);
    try {
      server?.enqueue({ text: 'Sunny in Paris and London.' });
      await lang.chat(saved);
      show('accepted (this endpoint is lenient)', saved);
    } catch (error) {
      show('the history sent', saved);
      console.log(`   ✗ refused: ${providerWords(error)}`);
      if (isProviderError(error))
        console.log(`   (the whole body: ${JSON.stringify(error.providerError)})`);
    }

    // From here on, the package is installed: the helpers, `tools` in chat options, and the
    // auto flags, with their types.
    await import('aiwrapper-tool-calls/register');

    // 2. The explicit helpers: one call turn, then the user's results in call order.
    step(
      '2. addToolCallsAndResults: the app ran the tools; the helper wrote the call turn and the results',
      'one assistant turn with both calls, then one result per call in call order: accepted',
    );
    server?.reset();
    server?.enqueue(weatherCalls, { text: 'Sunny in Paris and London.' });
    let result = await lang.chat(new LangMessages('Weather in Paris and London?'), { tools });
    if (result.tools && result.tools.length > 0) {
      result.addToolCallsAndResults(result.tools, runTools(result.tools));
      result = await lang.chat(result.messages, { tools });
    }
    show('the history sent, and the answer', result);

    // 3. Step 1's conversation, reloaded from storage: it kept the results, lost the call turn.
    step(
      "3. step 1's conversation, reloaded from its JSON, lost its call turn; sent with autoAssistantToolCalls",
      'the missing call turn is synthesized (marked) before the request, and the request is accepted',
    );
    server?.reset();
    server?.enqueue({ text: 'It is sunny in Paris and London.' });
    const reloaded = new LangMessages(JSON.parse(reloadedJson) as LangMessage[]);
    await lang.chat(reloaded, { autoAssistantToolCalls: true });
    show('the history sent, and the answer', reloaded);
    if (server)
      console.log(
        `   server statuses for step 3: ${server.requests.map((r) => r.status).join(', ')}`,
      );

    // 4. The tool loop. Its replies are scripted, so it runs on the embedded server only.
    const answered = server ? await toolLoop(lang, server) : undefined;
    if (!answered)
      console.log(
        '\n4. The tool loop: skipped (its model replies are scripted on the embedded server).',
      );

    // 5. One page of every conversation above, in aiwrapper's format, as the app stores them.
    const conversations: [string, LangMessages][] = [
      ['1. aiwrapper alone (refused)', saved],
      ['2. addToolCallsAndResults', result],
      ['3. reloaded, sent with autoAssistantToolCalls', reloaded],
      ...(answered
        ? [['4. the tool loop, resumed and answered', answered] as [string, LangMessages]]
        : []),
    ];
    const page = renderHistoryHtml(
      {
        conversations: conversations.map(([title, messages]) => ({
          title,
          messages: JSON.parse(JSON.stringify(messages)) as unknown[],
        })),
      },
      { format: 'aiwrapper', title: 'npm start: the demo conversations' },
    );
    const file = join(mkdtempSync(join(tmpdir(), 'tool-calls-demo-')), 'view.html');
    writeFileSync(file, page);
    step(
      `5. wrote one HTML page of the ${String(conversations.length)} conversations above (self-contained, no network)`,
      "open it: step 1's results answer no call (an issue at its message, with the fix repair makes); the others are clean",
    );
    console.log(`   view: ${file}`);
  } finally {
    await server?.close();
  }
}

const report =
  'Quarterly report. Revenue grew in every region; costs held flat; the Paris office opened. '.repeat(
    12,
  );

const loopTools: LoopTool[] = [
  {
    name: 'write_report',
    parameters: {
      type: 'object',
      properties: { title: { type: 'string' }, text: { type: 'string' } },
    },
    sideEffects: 'idempotent',
    handler: (args) => ({ saved: true, chars: String(args.text).length }),
  },
  {
    name: 'deploy',
    parameters: { type: 'object', properties: { env: { type: 'string' } } },
    sideEffects: 'once',
    // A slow tool that stops when its signal aborts.
    handler: (_args, { signal }) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          resolve({ deployed: true });
        }, 30_000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('deploy stopped'));
        });
      }),
  },
  {
    name: 'pay_invoice',
    parameters: { type: 'object', properties: { amount: { type: 'number' } } },
    needsApproval: true,
    handler: (args) => ({ paid: args.amount }),
  },
];

/** One line of live progress: rewritten in place on a terminal, printed once at the end elsewhere. */
function progress(event: ToolLoopEvent, state: { deltas: number }): void {
  if (event.type !== 'tool-call-delta') return;
  state.deltas++;
  const line = `   ✎ ${event.call.name}: ${String(event.call.argumentsText.length)} characters of arguments so far`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
}

/** Step 4: the loop runs the tools; returns the conversation it resumed and answered. */
async function toolLoop(
  lang: ReturnType<typeof Lang.openaiLike>,
  server: StrictServer,
): Promise<LangMessages> {
  server.reset();
  server.enqueue(
    { toolCalls: [{ name: 'write_report', arguments: { title: 'Q3', text: report } }] },
    { toolCalls: [{ name: 'deploy', arguments: { env: 'production' } }] },
  );
  const conversation = new LangMessages('Write the Q3 report, then deploy it.');
  const stop = new AbortController();
  const state = { deltas: 0 };
  step(
    '4a. runToolLoop ran the tools itself: live argument progress, then the user pressed Stop while "deploy" ran',
    'the stopped call gets a result that says so; the history stays one the provider accepts',
  );
  for await (const event of runToolLoop(lang, conversation, {
    tools: loopTools,
    signal: stop.signal,
  })) {
    progress(event, state);
    if (event.type === 'tool-call-end') {
      if (process.stdout.isTTY) process.stdout.write('\n');
      if (event.call.name === 'write_report')
        console.log(
          `   ✎ write_report: ${String(state.deltas)} argument deltas, ${String(JSON.stringify(event.call.arguments).length)} characters in all`,
        );
      // The user presses Stop while deploy runs.
      if (event.call.name === 'deploy')
        setTimeout(() => {
          stop.abort();
        }, 50);
    }
    if (event.type === 'tool-result')
      console.log(`   ← ${event.name}: ${event.status} ${JSON.stringify(event.result)}`);
    if (event.type === 'done') console.log(`   done: ${event.reason}`);
  }
  show('the conversation after Stop (sent again as it is, and accepted)', conversation);

  server.reset();
  server.enqueue(
    { toolCalls: [{ name: 'pay_invoice', arguments: { amount: 120 } }] },
    { text: 'Invoice paid: 120.' },
  );
  step(
    '4b. the model called pay_invoice, which needs approval: the loop paused; the app saved the conversation as JSON, rebuilt it, approved the call and resumed',
    'nothing but the JSON is kept between pause and resume; the approved call runs, then the model answers',
  );
  conversation.addUserMessage('Now pay the invoice.');
  let pendingId = '';
  for await (const event of runToolLoop(lang, conversation, { tools: loopTools }))
    if (event.type === 'paused') {
      pendingId = event.pending[0]?.callId ?? '';
      console.log(
        `   paused: ${event.pending.map((call) => `${call.name}(${JSON.stringify(call.arguments)})`).join(', ')} waits for approval`,
      );
    }
  const saved = JSON.stringify(conversation);
  console.log(`   saved ${String(saved.length)} characters of JSON; nothing else is kept`);
  console.log(`   approved ${pendingId}; resuming from the JSON`);
  const rebuilt = new LangMessages(JSON.parse(saved) as LangMessage[]);
  for await (const event of resumeToolLoop(lang, rebuilt, {
    tools: loopTools,
    approvals: { [pendingId]: true },
  })) {
    if (event.type === 'tool-result')
      console.log(`   ← ${event.name}: ${event.status} ${JSON.stringify(event.result)}`);
    if (event.type === 'done')
      console.log(`   done: ${event.reason}: ${JSON.stringify(event.answer)}`);
  }
  show('resumed from the JSON alone, approved, and answered', rebuilt);
  console.log(
    `   server statuses for step 4b (the request that paused, the answer after the resume): ${server.requests.map((request) => request.status).join(', ')}`,
  );
  return rebuilt;
}

await main();
