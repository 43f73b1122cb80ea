import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  ANTHROPIC_TOOL_USE_ID_PATTERN,
  inspectAnthropic,
} from '../../src/formats/anthropic/validate-anthropic.js';
import {
  MISTRAL_TOOL_CALL_ID_PATTERN,
  validateMistral,
} from '../../src/formats/mistral/validate-mistral.js';

/** Ids near the rules' edges: the allowed characters, a few others, lengths around 9. */
const id = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'aZ09_-. !é'.split('')), maxLength: 12 }),
  fc.string({ unit: fc.constantFrom(...'abcXYZ019'.split('')), minLength: 8, maxLength: 10 }),
  fc.string({ maxLength: 12 }),
);

// The validators test ids without the published regular expressions (they run once per call);
// they must judge every id exactly as the patterns do.
describe('call id rules', () => {
  test.prop([id])(
    'Mistral reports an id exactly when MISTRAL_TOOL_CALL_ID_PATTERN refuses it',
    (callId) => {
      const messages = [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: callId, type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: callId, content: 'sunny' },
      ];
      const reported = validateMistral(messages).issues.some(
        (issue) => issue.code === 'invalid-tool-call-id',
      );
      expect(reported).toBe(!MISTRAL_TOOL_CALL_ID_PATTERN.test(callId));
    },
  );

  test.prop([id])(
    'Anthropic reports an id exactly when ANTHROPIC_TOOL_USE_ID_PATTERN refuses it',
    (callId) => {
      const messages = [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: callId, name: 'get_weather', input: {} }],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: callId, content: 'sunny' }] },
      ];
      const reported = inspectAnthropic(messages).result.issues.some(
        (issue) => issue.code === 'invalid-tool-call-id',
      );
      expect(reported).toBe(!ANTHROPIC_TOOL_USE_ID_PATTERN.test(callId));
    },
  );
});
