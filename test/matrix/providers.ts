import { Lang, LangMessages, type LanguageProvider } from 'aiwrapper';
import type { StrictServer } from '../../src/testing/index.js';

/** One aiwrapper provider as the matrix drives it, and where its requests land on the server. */
export interface MatrixProvider {
  readonly name: string;
  /** The provider, its requests routed to `server`. */
  create(server: StrictServer): LanguageProvider;
  /** The strict server path its requests reach. */
  readonly path: string;
  /** A call id of this provider's shape, for the reloaded orphan result. */
  readonly orphanCallId: string;
}

const apiKey = 'test';

/** The six providers of issue 10: aiwrapper's defaults, and an OpenAI-compatible host. */
export const MATRIX_PROVIDERS: readonly MatrixProvider[] = [
  {
    name: 'Lang.openai (Responses)',
    create: () => Lang.openai({ apiKey, model: 'gpt-4o-mini' }),
    path: '/v1/responses',
    orphanCallId: 'call_7Hq2',
  },
  {
    name: 'Lang.openaiLike (Chat Completions)',
    create: (server) => Lang.openaiLike({ apiKey, model: 'gpt-4o-mini', baseURL: server.baseURL }),
    path: '/v1/chat/completions',
    orphanCallId: 'call_7Hq2',
  },
  {
    name: 'Lang.anthropic',
    create: () => Lang.anthropic({ apiKey, model: 'claude-sonnet-4-5-20250929' }),
    path: '/v1/messages',
    orphanCallId: 'toolu_01A09q90qw90lq917835lq9',
  },
  {
    name: 'Lang.google',
    create: () => Lang.google({ apiKey, model: 'gemini-2.5-flash' }),
    path: '/v1beta/models/gemini-2.5-flash:generateContent',
    orphanCallId: 'call_7Hq2',
  },
  {
    name: 'Lang.mistral',
    create: () => Lang.mistral({ apiKey, model: 'mistral-large-2402' }),
    path: '/mistral/v1/chat/completions',
    // Mistral's ids are nine letters and digits.
    orphanCallId: 'D681PevKs',
  },
  {
    name: 'Lang.openaiLike at DeepSeek',
    create: () =>
      Lang.openaiLike({ apiKey, model: 'deepseek-chat', baseURL: 'https://api.deepseek.com/v1' }),
    path: '/v1/chat/completions',
    // DeepSeek's own style; OpenAI's 40-character limit applies on the Chat endpoint.
    orphanCallId: 'call_00_pMq3PiRzQ2xr0Mf8mTCvYj1B',
  },
];

/** A reloaded conversation that kept a tool result but lost the call turn before it. */
export function orphanResult(callId: string): LangMessages {
  const messages = new LangMessages('Weather in Paris?');
  messages.addToolResultsMessage([
    { type: 'tool-result', callId, name: 'get_weather', result: { sky: 'sunny' } },
  ]);
  return messages;
}

function callTurn(city: string): ConstructorParameters<typeof LangMessages>[0] {
  return [
    {
      role: 'assistant',
      items: [
        { type: 'tool', callId: 'function_call_0', name: 'get_weather', arguments: { city } },
      ],
    },
    {
      role: 'tool-results',
      items: [
        {
          type: 'tool-result',
          callId: 'function_call_0',
          name: 'get_weather',
          result: { city, temp_c: 21 },
        },
      ],
    },
  ];
}

/** Two turns that both use `function_call_0`, as some OpenAI-compatible servers number calls. */
export function reusedIds(): LangMessages {
  return new LangMessages([
    { role: 'user', items: [{ type: 'text', text: 'Weather in Paris?' }] },
    ...callTurn('Paris'),
    { role: 'assistant', items: [{ type: 'text', text: 'Sunny in Paris.' }] },
    { role: 'user', items: [{ type: 'text', text: 'And in London?' }] },
    ...callTurn('London'),
  ]);
}
