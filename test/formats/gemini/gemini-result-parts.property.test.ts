import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import type { ToolHistory } from '../../../src/core/history.js';
import type { GeminiContent } from '../../../src/formats/gemini/gemini-types.js';
import { toGemini } from '../../../src/formats/gemini/to-gemini.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../../arbitraries/history.js';

const models = fc.constantFrom(
  undefined,
  'gemini-2.5-flash',
  'gemini-2.0-flash',
  'gemini-3-pro-preview',
);

/** Each media item's bytes or URI, wherever in the contents it sits. */
function mediaIn(contents: readonly unknown[]): string[] {
  const found: string[] = [];
  JSON.stringify(contents, (key, value: unknown) => {
    if ((key === 'inlineData' || key === 'fileData') && typeof value === 'object' && value) {
      const media = value as { data?: string; fileUri?: string };
      found.push(media.data ?? media.fileUri ?? '');
    }
    return value;
  });
  return found.sort();
}

/** How many media items sit inside function responses. */
function responseMedia(contents: readonly unknown[]): number {
  return (contents as GeminiContent[])
    .flatMap((content) => content.parts)
    .reduce((sum, part) => sum + (part.functionResponse?.parts?.length ?? 0), 0);
}

const contents = arbitraryHistory(FORMAT_FEATURES.gemini).map(
  (history: ToolHistory) => toGemini(history).messages,
);

test.prop([contents, models])(
  'repair for the model keeps every media item, moving it out of responses before Gemini 3',
  (input, model) => {
    const { messages, fixes } = repairHistory(input, { format: 'gemini', model });
    expect(validateHistory(messages, { format: 'gemini', model })).toEqual({
      ok: true,
      issues: [],
    });
    expect(mediaIn(messages)).toEqual(mediaIn(input));
    const moved = fixes.filter((fix) => fix.kind === 'moved-result-media').length;
    const before3 = model !== undefined && !model.startsWith('gemini-3');
    expect({ moved, left: responseMedia(messages) }).toEqual(
      before3 ? { moved: responseMedia(input), left: 0 } : { moved: 0, left: responseMedia(input) },
    );
    expect(repairHistory(messages, { format: 'gemini', model })).toEqual({
      messages,
      fixes: [],
      warnings: [],
    });
  },
);
