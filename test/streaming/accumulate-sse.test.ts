import { describe, expect, it } from 'vitest';
import { accumulateSSE } from '../../src/streaming/accumulate-sse.js';
import type { ToolCallStreamEvent } from '../../src/core/stream/tool-call-stream-event.js';
import { fixtureText, sequentialIds } from './fixtures.js';

describe('accumulateSSE', () => {
  it('accumulates an Anthropic SSE response and reports events while reading', async () => {
    const types: ToolCallStreamEvent['type'][] = [];
    const result = await accumulateSSE(new Response(await fixtureText('anthropic.sse')), {
      format: 'anthropic',
      listener: (event) => types.push(event.type),
    });
    expect(result.calls.map((call) => call.name)).toEqual(['get_weather', 'get_time']);
    expect(types.filter((type) => type !== 'text-delta' && type !== 'tool-call-delta')).toEqual([
      'tool-call-start',
      'tool-call-end',
      'tool-call-start',
      'tool-call-end',
    ]);
  });

  it('reads Ollama bodies as JSON lines by default', async () => {
    expect(
      await accumulateSSE([await fixtureText('ollama.jsonl')], {
        format: 'ollama',
        generateCallId: sequentialIds(),
      }),
    ).toEqual({
      text: 'Let me look that up.',
      stopReason: 'stop',
      calls: [
        { callId: 'gen_1', name: 'current_date_time', arguments: {} },
        {
          callId: 'gen_2',
          name: 'get_temperature',
          arguments: { city: 'Toronto', format: 'celsius' },
        },
      ],
    });
  });
});
