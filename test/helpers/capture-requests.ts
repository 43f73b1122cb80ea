import { setHttpRequestImpl } from 'aiwrapper';

/** A request aiwrapper sent, as it went on the wire. */
export interface CapturedRequest {
  readonly url: string;
  readonly body: string;
}

function sse(events: readonly unknown[]): Response {
  const text = events
    .map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`)
    .join('');
  return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** A minimal well-formed reply per provider endpoint: one short text answer. */
function reply(url: string): Response {
  if (url.includes('generativelanguage.googleapis.com')) {
    return Response.json({ candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] } }] });
  }
  if (url.includes('api.anthropic.com')) {
    return sse([
      { type: 'message_start', message: { id: 'msg_1', role: 'assistant', content: [] } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'ok' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_stop' },
    ]);
  }
  if (url.endsWith('/responses')) {
    return sse([
      { type: 'response.output_text.delta', delta: 'ok' },
      { type: 'response.completed', response: { id: 'resp_1', output: [] } },
    ]);
  }
  return sse([{ choices: [{ delta: { role: 'assistant', content: 'ok' } }] }, '[DONE]']);
}

/** Routes aiwrapper's HTTP layer to an in-memory stub and records every request body. */
export function captureRequests(): CapturedRequest[] {
  const captured: CapturedRequest[] = [];
  setHttpRequestImpl((url, options) => {
    const { body } = options as { body?: unknown };
    captured.push({
      url: String(url),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return Promise.resolve(reply(String(url)));
  });
  return captured;
}
