import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { inspectBedrock } from '../../../src/formats/bedrock/validate-bedrock.js';
import { writeFormat } from '../../../src/repair/format-io.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../../arbitraries/history.js';

/** A Bedrock message as the tests build them. */
interface Message {
  readonly role: string;
  readonly content: readonly Record<string, unknown>[];
}

const isResult = (block: Record<string, unknown>): boolean => block.toolResult !== undefined;
const idOf = (block: Record<string, unknown>): string =>
  (block.toolResult as { toolUseId: string }).toolUseId;
const sorted = (ids: readonly string[]): string[] => [...ids].sort();

/**
 * Valid Bedrock histories where one user message's results are split: the first part stays, with
 * a text block after it, and the rest moves to a new user message right after it.
 */
const split = fc
  .tuple(arbitraryHistory(FORMAT_FEATURES.bedrock), fc.nat(), fc.nat())
  .map(([history, pick, cut]) => {
    const messages = writeFormat(history, 'bedrock', new Set()) as Message[];
    if (!inspectBedrock(messages).result.ok) return undefined;
    const candidates = messages.flatMap((message, index) =>
      message.content.filter(isResult).length >= 2 ? [index] : [],
    );
    if (candidates.length === 0) return undefined;
    const at = candidates[pick % candidates.length] ?? 0;
    const message = messages[at];
    if (message === undefined) return undefined;
    const results = message.content.filter(isResult);
    const keep = 1 + (cut % (results.length - 1));
    const first = { role: 'user', content: [...results.slice(0, keep), { text: 'split' }] };
    const second = {
      role: 'user',
      content: [...results.slice(keep), ...message.content.filter((block) => !isResult(block))],
    };
    return {
      messages: [...messages.slice(0, at), first, second, ...messages.slice(at + 1)],
      at,
      late: results.slice(keep).map(idOf),
    };
  })
  .filter((value) => value !== undefined);

describe('inspectBedrock and repairHistory on results split over two user messages', () => {
  test.prop([split])(
    'report the later results as missing at the message after the calls, and as misplaced',
    ({ messages, at, late }) => {
      const { issues } = inspectBedrock(messages).result;
      const missing = issues.filter((issue) => issue.code === 'missing-tool-result');
      expect(missing).toHaveLength(1);
      expect(missing[0]).toMatchObject({ messageIndex: at - 1, param: `messages.${at}.content` });
      expect(
        missing[0]?.code === 'missing-tool-result' ? sorted(missing[0].toolCallIds) : [],
      ).toEqual(sorted(late));
      expect(
        issues
          .filter((issue) => issue.code !== 'missing-tool-result')
          .map((issue) => ({ code: issue.code, messageIndex: issue.messageIndex })),
      ).toEqual(late.map(() => ({ code: 'misplaced-tool-result', messageIndex: at + 1 })));
    },
  );

  test.prop([split])(
    'repair moves them back into the message after the calls, and changes nothing else',
    ({ messages, at, late }) => {
      const repaired = repairHistory(messages, { format: 'bedrock' });
      expect(inspectBedrock(repaired.messages).result).toEqual({ ok: true, issues: [] });
      expect(repaired.fixes.map((fix) => fix.kind)).toEqual(late.map(() => 'moved-result'));
      // Everything before the split message and after its second half is the input's own objects.
      for (let index = 0; index < at; index++)
        expect(repaired.messages[index]).toBe(messages[index]);
      const after = messages.slice(at + 2);
      expect(repaired.messages.slice(repaired.messages.length - after.length)).toEqual(after);
      after.forEach((message, index) => {
        expect(repaired.messages[repaired.messages.length - after.length + index]).toBe(message);
      });
      // The moved results join the ones that stayed (in call order, which may not be theirs).
      expect(
        sorted(
          (repaired.messages[at] as Message).content.filter(isResult).map(idOf).slice(-late.length),
        ),
      ).toEqual(sorted(late));
    },
  );
});
