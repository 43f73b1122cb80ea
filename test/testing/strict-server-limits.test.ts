import { Server } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { startStrictServer } from '../../src/testing/index.js';
import { msUntilClosed, post } from './http.js';
import { useStrictServers } from './servers.js';

const start = useStrictServers();

const chat = (content: string): unknown => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content }],
});

describe('StrictServer.close', () => {
  it('resolves when called a second time', async () => {
    const server = await startStrictServer();
    await server.close();
    await expect(server.close()).resolves.toBeUndefined();
  });

  it('resolves for two calls made at once', async () => {
    const server = await startStrictServer();
    await expect(Promise.all([server.close(), server.close()])).resolves.toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe('startStrictServer: what it records', () => {
  it('keeps the last maxRecordedRequests requests and counts the ones dropped', async () => {
    const server = await start({ maxRecordedRequests: 2 });
    for (const content of ['a', 'b', 'c', 'd']) {
      await post(`${server.baseURL}/chat/completions`, chat(content));
    }
    expect(server.requests.map((request) => request.body)).toEqual([chat('c'), chat('d')]);
    expect(server.droppedRequests).toBe(2);
    expect(server.lastRequest?.body).toEqual(chat('d'));
  });

  it('drops the oldest requests once their bodies pass maxRecordedBodyBytes', async () => {
    const size = JSON.stringify(chat('x'.repeat(400))).length;
    const server = await start({ maxRecordedBodyBytes: 2 * size + 1 });
    for (const letter of ['a', 'b', 'c']) {
      await post(`${server.baseURL}/chat/completions`, chat(letter.repeat(400)));
    }
    expect(server.requests.map((request) => request.body)).toEqual([
      chat('b'.repeat(400)),
      chat('c'.repeat(400)),
    ]);
    expect(server.droppedRequests).toBe(1);
  });

  it('always keeps the newest request, even one larger than the budget', async () => {
    const server = await start({ maxRecordedBodyBytes: 10 });
    await post(`${server.baseURL}/chat/completions`, chat('first'));
    await post(`${server.baseURL}/chat/completions`, chat('second'));
    expect(server.requests.map((request) => request.body)).toEqual([chat('second')]);
    expect(server.droppedRequests).toBe(1);
  });

  it('bounds the record by default: of 6 bodies of 4 MB it keeps at most 16 MiB', async () => {
    const server = await start();
    const content = 'x'.repeat(4_000_000);
    for (let index = 0; index < 6; index += 1) {
      await post(`${server.baseURL}/chat/completions`, chat(content));
    }
    const kept = server.requests.length;
    expect(kept * 4_000_000).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(kept + server.droppedRequests).toBe(6);
  });

  it('reset forgets the count of dropped requests', async () => {
    const server = await start({ maxRecordedRequests: 1 });
    await post(`${server.baseURL}/chat/completions`, chat('a'));
    await post(`${server.baseURL}/chat/completions`, chat('b'));
    server.reset();
    expect([server.requests, server.droppedRequests]).toEqual([[], 0]);
  });

  it.each([
    { maxRecordedRequests: 0 },
    { maxRecordedRequests: 1.5 },
    { maxRecordedBodyBytes: -1 },
    { headersTimeoutMs: 0 },
    { requestTimeoutMs: Number.NaN },
    { headersTimeoutMs: 2000, requestTimeoutMs: 1000 },
  ])('refuses the option %o with a typed error', async (options) => {
    await expect(startStrictServer(options)).rejects.toMatchObject({
      name: 'ToolHistoryError',
      code: 'invalid-input',
    });
  });
});

describe('startStrictServer: slow clients', () => {
  it('closes a connection whose headers never finish (slowloris) within headersTimeoutMs', async () => {
    const server = await start({ headersTimeoutMs: 300 });
    const elapsed = await msUntilClosed(
      server.url,
      'POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
      5000,
    );
    expect(elapsed).toBeLessThan(1500);
  });

  it('closes a connection whose body never finishes within requestTimeoutMs', async () => {
    const server = await start({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
    const elapsed = await msUntilClosed(
      server.url,
      'POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"mod',
      5000,
    );
    expect(elapsed).toBeLessThan(2000);
  });

  it('gives Node a 10 s header timeout and a 30 s request timeout by default, not 60 s and 300 s', async () => {
    // The real 10 s wait runs in strict-server-limits.long.test.ts.
    const listen = vi.spyOn(Server.prototype, 'listen');
    try {
      await start();
      const node = listen.mock.contexts[0] as Server;
      expect([node.headersTimeout, node.requestTimeout]).toEqual([10_000, 30_000]);
    } finally {
      listen.mockRestore();
    }
  });
});
