import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { writeFormat } from '../../../src/repair/format-io.js';
import type { HistoryFix } from '../../../src/repair/history-fix.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { arbitraryBrokenHistory } from '../../arbitraries/broken-history.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../../arbitraries/history.js';
import { numRuns } from '../../setup/num-runs.js';

// 30 runs in `npm test`, ten times that in `npm run test:long`.
const RUNS = { numRuns: numRuns(30) };

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
  test.prop([histories], RUNS)(
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

  test.prop([histories], RUNS)(
    'repair leaves the answer as it is and says so',
    ([history, reply]) => {
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
    },
  );
});

/** Fixes, with the provider data of the results they hold left out. */
function withoutProviderData(fixes: readonly HistoryFix[]): unknown {
  return JSON.parse(
    JSON.stringify(fixes, (key, value: unknown) => (key === 'providerData' ? undefined : value)),
  );
}

describe('repairHistory for Mistral, two spellings', () => {
  /** Broken histories written as Mistral messages, ending as they happen to or with an answer. */
  const broken = fc.tuple(
    arbitraryBrokenHistory(FORMAT_FEATURES.mistral).map(
      ({ history }) => writeFormat(history, 'mistral', new Set()) as unknown[],
    ),
    fc.option(answer, { nil: undefined }),
  );

  test.prop([broken], RUNS)(
    "format 'mistral' and format 'openai-chat' with provider 'mistral' give the same report",
    ([history, reply]) => {
      const messages = reply === undefined ? history : [...history, reply];
      const own = repairHistory(messages, { format: 'mistral' });
      const chat = repairHistory(messages, { format: 'openai-chat', provider: 'mistral' });
      // The messages are each format's writing (Mistral's tool messages carry `name`, which the
      // Chat reader keeps as provider data of a result a fix holds); the report is one.
      expect({ fixes: withoutProviderData(chat.fixes), warnings: chat.warnings }).toEqual({
        fixes: withoutProviderData(own.fixes),
        warnings: own.warnings,
      });
    },
  );
});
