import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { MessageFormat } from '../../src/core/format.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { renderHistory, resultTurn, type NeutralRound } from '../helpers/format-histories.js';

const FORMATS: readonly MessageFormat[] = [
  'openai-responses',
  'anthropic',
  'gemini',
  'mistral',
  'vercel',
  'aiwrapper',
];
/** Formats where a call id must be unique in the whole history. */
const UNIQUE_IDS: ReadonlySet<MessageFormat> = new Set<MessageFormat>([
  'openai-responses',
  'anthropic',
]);

/** Rounds of 1–4 calls answered in any order; ids (9 alphanumerics) repeat across rounds unless the format forbids it. */
function arbitraryRounds(format: MessageFormat, minLength = 0): fc.Arbitrary<NeutralRound[]> {
  const round = fc
    .uniqueArray(fc.constantFrom('a1b2c3d4e', 'f5g6h7i8j', 'k9l0m1n2o', 'AAAAAAAAA'), {
      minLength: 1,
      maxLength: 4,
    })
    .chain((ids) =>
      fc.record({
        ids: fc.constant(ids),
        names: fc.array(fc.constantFrom('get_weather', 'now', 'search'), {
          minLength: ids.length,
          maxLength: ids.length,
        }),
        resultOrder: fc.shuffledSubarray(
          ids.map((_, index) => index),
          { minLength: ids.length, maxLength: ids.length },
        ),
      }),
    );
  return fc.array(round, { minLength, maxLength: 5 }).map((rounds) =>
    rounds.map(({ ids, names, resultOrder }, roundIndex) => ({
      calls: ids.map((id, index) => ({
        id: UNIQUE_IDS.has(format) ? `${id}_${roundIndex}` : id,
        name: names[index] ?? 'now',
      })),
      resultOrder,
    })),
  );
}

/** A round picked by `pick`, and one of its results picked by `resultPick`. */
function choose(
  rounds: readonly NeutralRound[],
  pick: number,
  resultPick: number,
): { roundIndex: number; round: NeutralRound; resultPosition: number } {
  const roundIndex = pick % rounds.length;
  const round = rounds[roundIndex];
  if (!round) throw new Error('rounds must not be empty');
  return { roundIndex, round, resultPosition: resultPick % round.resultOrder.length };
}

describe.each(FORMATS)('validateHistory (%s)', (format) => {
  test.prop([arbitraryRounds(format)])(
    'accepts generated valid histories: parallel calls, several rounds, any result order',
    (rounds) => {
      expect(validateHistory(renderHistory(format, rounds).messages, { format })).toEqual({
        ok: true,
        issues: [],
      });
    },
  );

  test.prop([arbitraryRounds(format, 1), fc.nat(), fc.nat()])(
    'dropping one result yields one missing-tool-result at its call',
    (rounds, pick, resultPick) => {
      const { roundIndex, round, resultPosition } = choose(rounds, pick, resultPick);
      const dropped = round.calls[round.resultOrder[resultPosition] ?? 0] as {
        id: string;
        name: string;
      };
      const mutated = rounds.map((each, index) =>
        index === roundIndex
          ? {
              ...each,
              resultOrder: each.resultOrder.filter((_, position) => position !== resultPosition),
            }
          : each,
      );
      const rendered = renderHistory(format, mutated);
      const callIndex =
        rendered.rounds[roundIndex]?.callIndexes[round.resultOrder[resultPosition] ?? 0];
      const { issues } = validateHistory(rendered.messages, { format });
      expect(
        issues.map((issue) => [
          issue.code,
          issue.messageIndex,
          'toolCallIds' in issue ? issue.toolCallIds : [],
        ]),
      ).toEqual([
        ['missing-tool-result', callIndex, [format === 'gemini' ? dropped.name : dropped.id]],
      ]);
    },
  );

  test.prop([arbitraryRounds(format, 1), fc.nat(), fc.nat()])(
    'sending one result twice yields one issue for the second',
    (rounds, pick, resultPick) => {
      const { roundIndex, resultPosition } = choose(rounds, pick, resultPick);
      const mutated = rounds.map((each, index) =>
        index === roundIndex
          ? {
              ...each,
              resultOrder: each.resultOrder.flatMap((call, position) =>
                position === resultPosition ? [call, call] : [call],
              ),
            }
          : each,
      );
      const { issues } = validateHistory(renderHistory(format, mutated).messages, { format });
      // Gemini counts parts: one response too many is its count error, reported on the extra part.
      expect(issues.map((issue) => issue.code)).toEqual([
        format === 'gemini' ? 'orphan-tool-result' : 'duplicate-tool-call-id',
      ]);
    },
  );

  test.prop([arbitraryRounds(format, 1), fc.nat(), fc.nat()])(
    'moving one result past the reply yields the format’s placement issues',
    (rounds, pick, resultPick) => {
      const { roundIndex, round, resultPosition } = choose(rounds, pick, resultPick);
      const moved = round.calls[round.resultOrder[resultPosition] ?? 0] as {
        id: string;
        name: string;
      };
      const mutated = rounds.map((each, index) =>
        index === roundIndex
          ? {
              ...each,
              resultOrder: each.resultOrder.filter((_, position) => position !== resultPosition),
            }
          : each,
      );
      const rendered = renderHistory(format, mutated);
      const replyIndex = rendered.rounds[roundIndex]?.replyIndex ?? 0;
      const messages = [
        ...rendered.messages.slice(0, replyIndex + 1),
        resultTurn(format, [moved]),
        ...rendered.messages.slice(replyIndex + 1),
      ];
      const expected: Record<MessageFormat, string[]> = {
        // The Responses API pairs by call_id across the whole input: other items may come between.
        'openai-responses': [],
        gemini: ['missing-tool-result', 'orphan-tool-result'],
        // The rendered request ends with a user message, so the moved result always precedes one.
        mistral: ['misplaced-tool-result', 'missing-tool-result', 'unexpected-role'],
        anthropic: ['misplaced-tool-result', 'missing-tool-result'],
        bedrock: ['misplaced-tool-result', 'missing-tool-result'],
        vercel: ['misplaced-tool-result', 'missing-tool-result'],
        aiwrapper: ['misplaced-tool-result', 'missing-tool-result'],
        'openai-chat': [],
        // Not rendered here: a UI message holds each result in its call's tool part.
        'vercel-ui': [],
      };
      expect(
        validateHistory(messages, { format })
          .issues.map((issue) => issue.code)
          .sort(),
      ).toEqual(expected[format]);
    },
  );
});
