import { test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { inspectBedrock } from '../../../src/formats/bedrock/validate-bedrock.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../../arbitraries/history.js';
import { roundTrip, withoutSourceIndex } from '../../helpers/round-trip.js';

test.prop([arbitraryHistory(FORMAT_FEATURES.bedrock)])(
  'from(to(history)) is the history, with no warnings',
  (history) => {
    const { history: back, warnings } = roundTrip('bedrock', history);
    expect({ history: withoutSourceIndex(back), warnings }).toEqual({ history, warnings: [] });
  },
);

test.prop([arbitraryHistory({ ...FORMAT_FEATURES.bedrock, answerAll: true })])(
  'a history whose calls are all answered, with unique ids, is written as one Bedrock accepts',
  (history) => {
    const ids = history.flatMap((message) =>
      message.role === 'assistant'
        ? message.parts.flatMap((part) => (part.type === 'tool-call' ? [part.callId] : []))
        : [],
    );
    const { messages } = roundTrip('bedrock', history);
    const result = inspectBedrock(messages).result;
    // Generated ids repeat across turns on purpose; Bedrock wants them unique in the request.
    if (new Set(ids).size === ids.length) expect(result).toEqual({ ok: true, issues: [] });
    else expect(result.issues.map((issue) => issue.code)).toContain('duplicate-tool-call-id');
  },
);
