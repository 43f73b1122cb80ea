import { setHttpRequestImpl } from 'aiwrapper';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  routeToStrictServer,
  startStrictServer,
  type StrictServer,
  type StrictServerOptions,
} from '../../src/testing/index.js';

type RequestFunction = ReturnType<typeof routeToStrictServer>;

/** Options of {@link withStrictServer}. */
export interface WithStrictServerOptions extends StrictServerOptions {
  /**
   * Installs the request function routed to the server and returns the undo (e.g.
   * `(request) => useProviderErrors(request)`); `false` routes nothing.
   * @defaultValue `setHttpRequestImpl`, undone with global `fetch`
   */
  readonly route?: ((request: RequestFunction) => () => void) | false | undefined;
}

/**
 * One strict server for the enclosing suite (file or `describe`): started and routed in
 * `beforeAll`, reset before each test, unrouted and closed in `afterAll`. Returns a stand-in
 * that forwards to the running server, so tests use it like the server itself.
 */
export function withStrictServer(options: WithStrictServerOptions = {}): StrictServer {
  const { route, ...serverOptions } = options;
  let server: StrictServer | undefined;
  let unroute: (() => void) | undefined;
  const current = (): StrictServer => {
    if (server === undefined) throw new Error('The strict server runs only inside its suite.');
    return server;
  };
  beforeAll(async () => {
    server = await startStrictServer(serverOptions);
    const request = routeToStrictServer(server);
    if (route === undefined) {
      setHttpRequestImpl(request);
      unroute = () => {
        setHttpRequestImpl((url, init) => fetch(url, init));
      };
    } else if (route !== false) unroute = route(request);
  });
  beforeEach(() => {
    current().reset();
  });
  afterAll(async () => {
    unroute?.();
    await server?.close();
    server = undefined;
  });
  return {
    get url() {
      return current().url;
    },
    get baseURL() {
      return current().baseURL;
    },
    get viewURL() {
      return current().viewURL;
    },
    get requests() {
      return current().requests;
    },
    get droppedRequests() {
      return current().droppedRequests;
    },
    get lastRequest() {
      return current().lastRequest;
    },
    enqueue: (...replies) => {
      current().enqueue(...replies);
    },
    reset: () => {
      current().reset();
    },
    close: () => current().close(),
  };
}
