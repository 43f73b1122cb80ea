import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { expectTypeOf, test } from 'vitest';
import { toAnthropic } from '../../../src/formats/anthropic/to-anthropic.js';

test('toAnthropic emits messages the Anthropic SDK accepts as MessageParam', () => {
  expectTypeOf<ReturnType<typeof toAnthropic>['messages']>().toExtend<MessageParam[]>();
  expectTypeOf<ReturnType<typeof toAnthropic>['system']>().toEqualTypeOf<string | undefined>();
});
