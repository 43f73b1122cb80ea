import type { Content } from '@google/genai';
import { expectTypeOf, test } from 'vitest';
import { toGemini } from '../../../src/formats/gemini/to-gemini.js';

test('toGemini emits contents @google/genai accepts as Content', () => {
  expectTypeOf<ReturnType<typeof toGemini>['messages']>().toExtend<Content[]>();
  expectTypeOf<NonNullable<ReturnType<typeof toGemini>['systemInstruction']>>().toExtend<Content>();
});
