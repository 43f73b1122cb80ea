// Quick start: a history the provider refuses, then three ways to get it right, against the strict
// local server (no API key, no network). Run it with `npx tsx examples/quick-start.ts`.
import 'aiwrapper-tool-calls/register'; // step 3's `autoAssistantToolCalls` chat option
import { Lang, LangMessages } from 'aiwrapper';
import {
  addToolCallsAndResults,
  latestToolCalls,
  runToolLoop,
} from 'aiwrapper-tool-calls/aiwrapper';
import { startStrictServer } from 'aiwrapper-tool-calls/testing';

// A local server that speaks OpenAI's API and refuses bad histories as OpenAI does.
const server = await startStrictServer();
const lang = Lang.openaiLike({ baseURL: server.baseURL, apiKey: 'test', model: 'gpt-4o-mini' });
const weatherTool = { name: 'get_weather', parameters: { type: 'object', properties: {} } };
const askForWeather = { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] };
// How many tools the last request offered the model: none unless aiwrapper was given them.
const toolsSent = () => (server.lastRequest?.body as { tools?: unknown[] }).tools?.length ?? 0;

// 1. Refused: the app saved the tool result but not the assistant turn that asked for it.
const saved = new LangMessages('Weather in Paris?');
saved.addToolResultsMessage([
  { type: 'tool-result', callId: 'call_1', name: 'get_weather', result: { sky: 'sunny' } },
]);
try {
  await lang.chat(saved);
} catch {
  // aiwrapper's error says only "HTTP error! status: 400"; the server kept the body.
  console.log('1. refused:', JSON.stringify(server.lastRequest?.error));
}

// 2. You run the tools; the helper writes the call turn (unless chat() did), then the results.
// Without register, aiwrapper takes tools on the collection, not in chat() options.
server.enqueue(askForWeather, { text: 'Sunny in Paris.' });
const conversation = new LangMessages('Weather in Paris?', { tools: [weatherTool] });
await lang.chat(conversation);
const calls = latestToolCalls(conversation) ?? [];
const results = calls.map((call) => ({ toolId: call.callId, name: call.name, result: 'sunny' }));
addToolCallsAndResults(conversation, calls, results);
const answered = await lang.chat(conversation);
console.log('2. addToolCallsAndResults:', answered.answer, '| tools sent:', toolsSent());

// 3. The opt-in flag inserts the missing call turn before the request is sent.
server.enqueue({ text: 'Sunny in Paris.' });
const repaired = await lang.chat(saved, { autoAssistantToolCalls: true });
console.log('3. autoAssistantToolCalls:', repaired.answer);

// 4. The agent loop asks, runs your handler, writes the results and asks again.
server.enqueue(askForWeather, { text: 'Sunny in Paris.' });
const tools = [{ ...weatherTool, handler: () => ({ sky: 'sunny' }) }];
for await (const event of runToolLoop(lang, new LangMessages('Weather in Paris?'), { tools })) {
  if (event.type === 'tool-result') console.log('4.', event.name, JSON.stringify(event.result));
  if (event.type === 'done') console.log('4. runToolLoop:', event.answer);
}

console.log('statuses:', server.requests.map((request) => request.status).join(', '));
await server.close();
