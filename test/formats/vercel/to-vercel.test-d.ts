import type { ModelMessage } from 'ai';
import { expectTypeOf, test } from 'vitest';
import { toVercel } from '../../../src/formats/vercel/to-vercel.js';

test('toVercel emits messages the AI SDK accepts as ModelMessage', () => {
  expectTypeOf<ReturnType<typeof toVercel>['messages']>().toExtend<ModelMessage[]>();
});
