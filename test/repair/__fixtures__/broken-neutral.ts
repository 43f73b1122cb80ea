import type { ToolHistory } from '../../../src/core/history.js';

/**
 * A neutral history broken five ways: an orphan result at the start (as after trimming), a call
 * without a result, a duplicate result, an id longer than Mistral's 9 characters, a result
 * without a name where its call is trimmed away.
 */
export const neutral: ToolHistory = [
  { role: 'tool', results: [{ callId: 'lost1', name: 'get_weather', content: 'trimmed', isError: false }] },
  { role: 'user', parts: [{ type: 'text', text: 'Weather in Paris and London?' }] },
  {
    role: 'assistant',
    parts: [
      { type: 'tool-call', callId: 'call_abc123xyz', name: 'get_weather', arguments: { city: 'Paris' } },
      { type: 'tool-call', callId: 'b2c3d4e5f', name: 'get_weather', arguments: { city: 'London' } },
    ],
  },
  {
    role: 'tool',
    results: [
      { callId: 'call_abc123xyz', name: 'get_weather', content: 'sunny', isError: false },
      { callId: 'call_abc123xyz', name: 'get_weather', content: 'sunny again', isError: false },
    ],
  },
  { role: 'user', parts: [{ type: 'text', text: 'Thanks' }] },
];
