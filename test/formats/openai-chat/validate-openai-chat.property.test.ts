import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';

/** One round: a user message, an assistant turn with 1–4 calls, their results in any order, a reply. */
const arbitraryRound = fc
  .uniqueArray(fc.constantFrom('exec_0', 'exec_1', 'call_a', 'call_b', 'x'.repeat(40)), {
    minLength: 1,
    maxLength: 4,
  })
  .chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.shuffledSubarray(ids, { minLength: ids.length, maxLength: ids.length }),
    ),
  );

const roundMessages = ([ids, answerOrder]: [string[], string[]]): object[] => [
  { role: 'user', content: 'go' },
  {
    role: 'assistant',
    content: null,
    tool_calls: ids.map((id) => ({
      id,
      type: 'function',
      function: { name: 'f', arguments: '{}' },
    })),
  },
  ...answerOrder.map((id) => ({ role: 'tool', tool_call_id: id, content: 'done' })),
  { role: 'assistant', content: 'ok' },
];

test.prop([fc.array(arbitraryRound, { maxLength: 6 })])(
  'accepts any history whose rounds answer every call, in any order, ids reused across rounds',
  (rounds) => {
    expect(validateOpenAIChat(rounds.flatMap(roundMessages))).toEqual({ ok: true, issues: [] });
  },
);

test.prop([fc.array(arbitraryRound, { minLength: 1, maxLength: 6 }), fc.nat(), fc.nat()])(
  'dropping one result yields exactly one missing-tool-result naming that id and its turn',
  (rounds, roundPick, resultPick) => {
    const roundIndex = roundPick % rounds.length;
    const perRound = rounds.map(roundMessages);
    const chosen = perRound[roundIndex] ?? [];
    const resultCount = chosen.length - 3;
    const dropAt = 2 + (resultPick % resultCount);
    const dropped = chosen[dropAt] as { tool_call_id: string };
    perRound[roundIndex] = chosen.filter((_, index) => index !== dropAt);
    const assistantIndex =
      perRound.slice(0, roundIndex).reduce((sum, round) => sum + round.length, 0) + 1;
    const { issues } = validateOpenAIChat(perRound.flat());
    expect(
      issues.map((issue) => [
        issue.code,
        issue.messageIndex,
        'toolCallIds' in issue ? issue.toolCallIds : [],
      ]),
    ).toEqual([['missing-tool-result', assistantIndex, [dropped.tool_call_id]]]);
  },
);
