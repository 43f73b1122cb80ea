import { Lang, LangMessages, setHttpRequestImpl, type LanguageProvider } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { installToolCalls } from '../../src/aiwrapper/install-tool-calls.js';
import { ProviderError, withProviderErrors } from '../../src/aiwrapper/provider-errors.js';

const INNER = Symbol.for('aiwrapper-tool-calls.inner-chat');
type Wrapper = 'tool-calls' | 'provider-errors';
const MARKERS: Readonly<Record<Wrapper, symbol>> = {
  'tool-calls': Symbol.for('aiwrapper-tool-calls.wrapped-chat'),
  'provider-errors': Symbol.for('aiwrapper-tool-calls.provider-errors'),
};

/** The layers of a `chat`: each wrapper's markers, down to aiwrapper's own (no marker). */
function layersOf(lang: LanguageProvider): string[] {
  const layers: string[] = [];
  let chat: unknown = Reflect.get(lang, 'chat');
  while (typeof chat === 'function') {
    const layer: object = chat;
    const marked = Object.entries(MARKERS).filter(([, marker]) => Reflect.get(layer, marker));
    layers.push(marked.map(([name]) => name).join('+') || 'aiwrapper');
    chat = Reflect.get(layer, INNER);
  }
  return layers;
}

/**
 * Installs the package's two `chat` wrappers in `order` (each name may repeat) and checks that
 * every provider's `chat` is wrapped by each once and behaves as after any other order.
 */
export function describeInstallOrder(order: readonly Wrapper[]): void {
  let status = 200;
  const requests: string[] = [];
  const httpRequest = (_url: string | URL, options: object): Promise<Response> => {
    const { body } = options as { readonly body?: unknown };
    requests.push(typeof body === 'string' ? body : JSON.stringify(body));
    if (status !== 200)
      return Promise.resolve(
        Response.json(
          { error: { message: 'Refused.', type: 'invalid_request_error', code: null } },
          { status },
        ),
      );
    const text = `data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant', content: 'ok' } }] })}\n\ndata: [DONE]\n\n`;
    return Promise.resolve(
      new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    );
  };
  for (const name of order)
    if (name === 'tool-calls') installToolCalls();
    else setHttpRequestImpl(withProviderErrors(httpRequest));
  const chat = (): LanguageProvider =>
    Lang.openaiLike({ apiKey: 'k', model: 'gpt-4o-mini', baseURL: 'http://stub.local/v1' });

  describe(`installing ${order.join(', then ')}`, () => {
    it('wraps every provider chat() once with each', () => {
      for (const lang of [
        chat(),
        Lang.openai({ apiKey: 'k', model: 'gpt-4o-mini' }),
        Lang.anthropic({ apiKey: 'k', model: 'claude-haiku-4-5-20251001' }),
        Lang.google({ apiKey: 'k', model: 'gemini-2.5-flash' }),
      ]) {
        const layers = layersOf(lang);
        expect(layers.slice().sort()).toEqual(['aiwrapper', 'provider-errors', 'tool-calls']);
        expect(layers.at(-1)).toBe('aiwrapper');
      }
    });

    it('synthesizes a missing call turn once and throws the ProviderError of a refusal', async () => {
      status = 200;
      requests.length = 0;
      const messages = new LangMessages('Weather?');
      messages.addToolResultsMessage([
        { type: 'tool-result', callId: 'call_1', name: 'get_weather', result: {} },
      ]);
      await chat().chat(messages, { autoAssistantToolCalls: true });
      expect(Array.from(messages, (message) => message.role)).toEqual([
        'user',
        'assistant',
        'tool-results',
        'assistant',
      ]);
      expect(requests).toHaveLength(1);
      status = 400;
      const error = await chat()
        .chat(new LangMessages('Hi'))
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ status: 400, providerMessage: 'Refused.' });
    });
  });
}
