import { describe, expect, it } from 'vitest';
import { msUntilClosed } from './http.js';
import { useStrictServers } from './servers.js';

const start = useStrictServers();

// A real 10 s wait: `npm run test:long` only (npm test checks the configured value).
describe('startStrictServer: slow clients', () => {
  it('closes a slowloris connection within the default header timeout (10 s), not Node default 60 s', async () => {
    const server = await start();
    const elapsed = await msUntilClosed(
      server.url,
      'POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      20_000,
    );
    expect(elapsed).toBeLessThan(12_000);
  }, 25_000);
});
