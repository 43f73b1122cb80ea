// The README says which of aiwrapper's providers take a base URL, which reach the strict server
// only through routeToStrictServer, and which always reach the real API. Each provider is asked
// here where it sends a request given a base URL, and the README's lists must match.
import { readFileSync } from 'node:fs';
import { Lang, LangMessages, setHttpRequestImpl } from 'aiwrapper';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeToStrictServer } from '../../src/testing/index.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(
  /\s+/g,
  ' ',
);
const BASE = 'http://127.0.0.1:9/v1';
const MODELS: Readonly<Record<string, string>> = {
  cohere: 'command-r-plus-08-2024',
  mistral: 'mistral-large-latest',
  anthropic: 'claude-sonnet-4-5',
  google: 'gemini-2.5-flash',
};

/** The provider factories of `Lang` (not the mocks). */
const factories = Object.getOwnPropertyNames(Lang).filter(
  (name) =>
    typeof (Lang as unknown as Record<string, unknown>)[name] === 'function' &&
    !['length', 'name', 'prototype'].includes(name) &&
    !name.startsWith('mock'),
);

/** The URL a provider's first request goes to, given `BASE` as its base URL. */
async function urlOf(name: string): Promise<string> {
  let seen: string | undefined;
  const record = (url: string | URL): Promise<Response> => {
    seen ??= String(url);
    return Promise.reject(new Error('not sent'));
  };
  setHttpRequestImpl(record);
  vi.stubGlobal('fetch', record);
  const create = (
    Lang as unknown as Record<
      string,
      (options: object) => {
        ask(prompt: string): Promise<unknown>;
        chat: (messages: LangMessages) => Promise<unknown>;
      }
    >
  )[name];
  const options = {
    apiKey: 'test',
    model: MODELS[name] ?? 'gpt-4o-mini',
    baseURL: BASE,
    url: BASE,
  };
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const provider = create?.(options);
  // aiwrapper 3.0.3's Cohere `ask` and Ollama `chat` throw before any request: try both.
  await provider?.ask('Hi').catch(() => undefined);
  if (seen === undefined) await provider?.chat(new LangMessages('Hi')).catch(() => undefined);
  // aiwrapper 3.0.3's Cohere sends nothing at all (its chat() throws first): read the URL its
  // chat() holds.
  seen ??= /fetch\(\s*[`'"](https:\/\/[^`'"$]+)/.exec(String(provider?.chat))?.[1];
  if (seen === undefined) throw new Error(`Lang.${name} sent no request`);
  return seen;
}

/** The `Lang.x` names of the README between two phrases of its base-URL note. */
function named(from: string, to: string): string[] {
  const start = readme.indexOf(from);
  const end = readme.indexOf(to, start);
  expect(start, `README: "${from}"`).toBeGreaterThan(-1);
  expect(end, `README: "${to}"`).toBeGreaterThan(start);
  return [...readme.slice(start, end).matchAll(/`Lang\.(\w+)`/g)].map((match) => match[1] ?? '');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setHttpRequestImpl((url, options) => fetch(url, options));
});

describe("the README's base-URL note", () => {
  it('names every aiwrapper provider once, in the list its behaviour puts it in', async () => {
    const takesBase = named('Only `Lang', 'take a base URL');
    const routed = named('take a base URL', 'reach the strict server');
    const real = named('reach the strict server', 'always reach the real API');
    expect([...takesBase, ...routed, ...real].sort()).toEqual([...factories].sort());
    const local = routeToStrictServer({ url: 'http://127.0.0.1:1' });
    for (const name of factories) {
      const url = await urlOf(name);
      let routedTo = url;
      vi.stubGlobal('fetch', (target: string | URL) => {
        routedTo = String(target);
        return Promise.reject(new Error('not sent'));
      });
      await local(url, {}).catch(() => undefined);
      const where = url.startsWith(BASE)
        ? 'takes a base URL'
        : routedTo.startsWith('http://127.0.0.1:1/')
          ? 'routed'
          : 'real API';
      const listed = takesBase.includes(name)
        ? 'takes a base URL'
        : routed.includes(name)
          ? 'routed'
          : 'real API';
      expect(`Lang.${name}: ${listed}`).toBe(`Lang.${name}: ${where}`);
    }
  }, 60_000);
});
