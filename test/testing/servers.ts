import { LangMessages, setHttpRequestImpl } from 'aiwrapper';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  routeToStrictServer,
  startStrictServer,
  type StrictServer,
  type StrictServerOptions,
} from '../../src/testing/index.js';

/** Returns a `start` that starts strict servers and closes every one of them after each test. */
export function useStrictServers(): (options?: StrictServerOptions) => Promise<StrictServer> {
  const servers: StrictServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (options) => {
    const server = await startStrictServer(options);
    servers.push(server);
    return server;
  };
}

/**
 * Routes this file's aiwrapper (vitest isolates files, and setHttpRequestImpl is global to an
 * aiwrapper instance) to whichever strict server `current()` returns, for the enclosing suite.
 */
export function routeAiwrapperTo(current: () => StrictServer | undefined): void {
  beforeAll(() => {
    setHttpRequestImpl((url, options) => {
      const server = current();
      if (server === undefined) throw new Error('No strict server is running.');
      return routeToStrictServer(server)(url, options);
    });
  });
  afterAll(() => {
    setHttpRequestImpl((url, options) => fetch(url, options));
  });
}

/**
 * "What is the weather in Paris?" with a `get_weather` tool whose handler records the arguments
 * it is called with in `seen` and returns `result`: what aiwrapper runs between two requests.
 */
export function weatherQuestion(
  seen: unknown[],
  result: Record<string, unknown> = { temp_c: 21 },
): LangMessages {
  const messages = new LangMessages();
  messages.addUserMessage('What is the weather in Paris?');
  messages.availableTools = [
    {
      name: 'get_weather',
      description: 'Get the current weather for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      handler: (args: Record<string, unknown>) => {
        seen.push(args);
        return result;
      },
    },
  ];
  return messages;
}
