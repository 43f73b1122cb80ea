import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { expectTypeOf, test } from 'vitest';
import { toOpenAIResponses } from '../../../src/formats/openai-responses/to-openai-responses.js';

test('toOpenAIResponses emits items the openai SDK accepts as ResponseInputItem', () => {
  expectTypeOf<ReturnType<typeof toOpenAIResponses>['messages']>().toExtend<ResponseInputItem[]>();
});
