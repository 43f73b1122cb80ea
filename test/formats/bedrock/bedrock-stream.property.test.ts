import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { createToolCallAccumulator } from '../../../src/streaming/tool-call-accumulator.js';
import { sequentialIds } from '../../streaming/fixtures.js';
import { arbitraryMessage, renderStream } from '../../streaming/stream-renderers.js';

function accumulate(events: readonly unknown[]): unknown {
  const accumulator = createToolCallAccumulator({
    format: 'bedrock',
    generateCallId: sequentialIds(),
  });
  for (const event of events) accumulator.push(event);
  return accumulator.finish();
}

test.prop([arbitraryMessage, fc.array(fc.nat(), { maxLength: 12 })])(
  'cutting the text and toolUse input deltas anywhere gives the same calls and text',
  (message, cuts) => {
    const whole = accumulate(renderStream('bedrock', message, []));
    expect(accumulate(renderStream('bedrock', message, cuts))).toEqual(whole);
    // The calls are the generated ones, in order, with their arguments as JSON text carries them
    // (the generator's -0 arrives as 0).
    expect(whole).toMatchObject({
      text: message.text,
      calls: message.calls.map((call) => ({
        name: call.name,
        arguments: JSON.parse(JSON.stringify(call.arguments)) as unknown,
      })),
    });
  },
);
