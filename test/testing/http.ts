import { connect } from 'node:net';
import { expect } from 'vitest';

/** A reply as the tests read it. */
export interface HttpReply {
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
}

/** POSTs `body` as JSON (or as raw text with `raw`). */
export async function post(
  url: string,
  body: unknown,
  init?: { readonly raw?: boolean },
): Promise<HttpReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: init?.raw === true ? String(body) : JSON.stringify(body),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** One server-sent event: its `event:` name (if any) and parsed `data:`. */
export interface SseEvent {
  readonly event: string | undefined;
  readonly data: Record<string, unknown>;
}

/** Parses an SSE body whose frames end with `newline` twice; every frame must have one data line. */
export function parseSse(text: string, newline = '\n'): SseEvent[] {
  expect(text.endsWith(newline + newline)).toBe(true);
  return text
    .split(newline + newline)
    .filter((frame) => frame !== '')
    .map((frame) => {
      const lines = frame.split(newline);
      const eventLine = lines.find((line) => line.startsWith('event: '));
      const dataLines = lines.filter((line) => line.startsWith('data: '));
      expect(dataLines).toHaveLength(1);
      expect(lines.length).toBe(eventLine === undefined ? 1 : 2);
      return {
        event: eventLine?.slice('event: '.length),
        data: JSON.parse(dataLines[0]?.slice('data: '.length) ?? '') as Record<string, unknown>,
      };
    });
}

/** Opens a socket to `url`, writes `text`, and resolves with the ms until the server closes it. */
export function msUntilClosed(url: string, text: string, giveUpMs: number): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(text));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`The server kept the connection open for ${String(giveUpMs)} ms.`));
    }, giveUpMs);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
  });
}
