import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { BEDROCK_TOOL_USE_ID_PATTERN } from '../../../src/formats/bedrock/bedrock-rules.js';
import { BEDROCK_ADAPTER } from '../../../src/formats/bedrock/bedrock-adapter.js';
import { inspectBedrock } from '../../../src/formats/bedrock/validate-bedrock.js';

/** Ids near the rule's edges: the allowed characters, a few others, lengths around 64. */
const id = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'aZ09_-. !é:'.split('')), maxLength: 12 }),
  fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'.split('')), minLength: 62, maxLength: 66 }),
  fc.string({ maxLength: 12 }),
);

// The validator and the profile test ids without the published regular expression (they run once
// per call); they must judge every id exactly as the pattern does.
test.prop([id])(
  'Bedrock reports an id, and repair rewrites it, exactly when BEDROCK_TOOL_USE_ID_PATTERN refuses it',
  (callId) => {
    const messages = [
      { role: 'user', content: [{ text: 'weather?' }] },
      {
        role: 'assistant',
        content: [{ toolUse: { toolUseId: callId, name: 'get_weather', input: {} } }],
      },
      {
        role: 'user',
        content: [{ toolResult: { toolUseId: callId, content: [{ text: 'sunny' }] } }],
      },
    ];
    const refused = !BEDROCK_TOOL_USE_ID_PATTERN.test(callId);
    const reported = inspectBedrock(messages).result.issues.some(
      (issue) => issue.code === 'invalid-tool-call-id',
    );
    expect([reported, BEDROCK_ADAPTER.profile.callIds.accepts(callId)]).toEqual([
      refused,
      !refused,
    ]);
  },
);
