import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import type { ResultPart } from '../../../src/core/history.js';
import { toAnthropic } from '../../../src/formats/anthropic/to-anthropic.js';
import { toBedrock } from '../../../src/formats/bedrock/to-bedrock.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../../arbitraries/history.js';
import { arbitraryResultParts, withMediaResults } from '../../arbitraries/media-results.js';
import { roundTrip, withoutSourceIndex } from '../../helpers/round-trip.js';

// Results with images and documents in Anthropic `tool_result` and Bedrock `toolResult` blocks.

for (const format of ['anthropic', 'bedrock'] as const) {
  const histories = arbitraryHistory(FORMAT_FEATURES[format]).chain((history) =>
    withMediaResults(history, format),
  );

  test.prop([histories])(
    `${format}: from(to(history)) keeps every piece, with no warnings`,
    (history) => {
      const { history: back, warnings } = roundTrip(format, history);
      expect({ history: withoutSourceIndex(back), warnings }).toEqual({ history, warnings: [] });
    },
  );
}

/** The image and document blocks of a written result, whichever format wrote it. */
function mediaBlocks(block: unknown): number {
  const content =
    (block as { content?: unknown }).content ??
    (block as { toolResult?: { content?: unknown } }).toolResult?.content;
  if (!Array.isArray(content)) return 0;
  return content.filter(
    (entry: Record<string, unknown>) =>
      entry.type === 'image' ||
      entry.type === 'document' ||
      'image' in entry ||
      'document' in entry,
  ).length;
}

test.prop([fc.constantFrom('anthropic', 'bedrock'), arbitraryResultParts('any')])(
  'each image or document is written, or named in a dropped-content warning',
  (format, parts: ResultPart[]) => {
    const history = [
      {
        role: 'assistant' as const,
        parts: [{ type: 'tool-call' as const, callId: 'c1', name: 'f', arguments: {} }],
      },
      {
        role: 'tool' as const,
        results: [{ callId: 'c1', name: 'f', content: '', parts, isError: false }],
      },
    ];
    const written = format === 'anthropic' ? toAnthropic(history) : toBedrock(history);
    const result = (written.messages[1]?.content as unknown[])[0];
    const media = parts.filter((part) => part.type === 'image' || part.type === 'document').length;
    const dropped = written.warnings.filter((warning) => warning.code === 'dropped-content');
    expect(mediaBlocks(result) + dropped.length).toBe(media);
    for (const warning of dropped) expect(warning).toMatchObject({ messageIndex: 1, callId: 'c1' });
  },
);
