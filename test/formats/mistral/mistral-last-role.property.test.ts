import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { writeFormat } from '../../../src/repair/format-io.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../../arbitraries/history.js';

const answer = fc.string({ minLength: 1 }).map((content) => ({ role: 'assistant', content }));

/** Valid Mistral histories (requests that go on with a user message) and the answer that ends them. */
const histories = fc.tuple(
  arbitraryHistory(FORMAT_FEATURES.mistral).map(
    (history) => writeFormat(history, 'mistral', new Set()) as unknown[],
  ),
  answer,
);

const LAST_ROLE =
  'Expected last role User or Tool (or Assistant with prefix True) for serving but got assistant';

describe("Mistral's last role", () => {
  test.prop([histories])(
    'a valid history that ends with the model’s answer has that one issue, at its end',
    ([history, reply]) => {
      const request = [...history, { role: 'user', content: 'next' }];
      fc.pre(validateHistory(request, { format: 'mistral' }).ok);
      const saved = [...request, reply];
      expect(validateHistory(saved, { format: 'mistral' })).toEqual({
        ok: false,
        issues: [
          {
            code: 'unexpected-last-role',
            messageIndex: saved.length - 1,
            role: 'assistant',
            message: LAST_ROLE,
          },
        ],
      });
      expect(
        validateHistory([...saved.slice(0, -1), { ...reply, prefix: true }], { format: 'mistral' })
          .ok,
      ).toBe(true);
    },
  );

  test.prop([histories])('repair leaves the answer as it is and says so', ([history, reply]) => {
    const request = [...history, { role: 'user', content: 'next' }];
    fc.pre(validateHistory(request, { format: 'mistral' }).ok);
    const saved = [...request, reply];
    const repaired = repairHistory(saved, { format: 'mistral' });
    expect(repaired.messages).toEqual(saved);
    repaired.messages.forEach((message, index) => {
      expect(message).toBe(saved[index]);
    });
    expect(repaired.fixes).toEqual([]);
    expect(repaired.warnings.map((warning) => [warning.code, warning.messageIndex])).toEqual([
      ['unrepaired-issue', saved.length - 1],
    ]);
    expect(repairHistory(repaired.messages, { format: 'mistral' })).toEqual(repaired);
  });
});
