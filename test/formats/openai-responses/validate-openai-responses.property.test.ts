import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { findToolTurnProblems } from '../../../src/core/pair-tool-turns.js';
import { pairFlatTurnEntries } from '../../../src/core/pair-tool-turns.js';
import { inspectOpenAIResponses } from '../../../src/formats/openai-responses/validate-openai-responses.js';

// The validator pairs a valid input in its own pass and skips the core rule; whatever it returns
// must be what the rule finds on the same table: the same pairing, and no problem exactly when ok.

const callId = fc.constantFrom('call_a', 'call_b', 'call_c', 'call_d', 'call_e');
const item = fc.oneof(
  fc.record({ type: fc.constant('function_call'), call_id: callId, name: fc.constant('f') }),
  fc.record({
    type: fc.constant('function_call_output'),
    call_id: callId,
    output: fc.constant('ok'),
  }),
  fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.constant('hi') }),
);

/**
 * Every call answered later, outputs in and out of call order; ids unique unless `repeat` maps two
 * calls to one id (then the rule reports it and the validator must not take its own pairing).
 */
const answeredInput = fc
  .record({
    gaps: fc.array(fc.nat({ max: 3 }), { maxLength: 12 }),
    repeat: fc.option(fc.nat({ max: 11 }), { nil: undefined }),
  })
  .map(({ gaps, repeat }) => {
    const items: unknown[] = [];
    const open: string[] = [];
    gaps.forEach((gap, index) => {
      const id = `call_${String(index === repeat ? 0 : index)}`;
      items.push({ type: 'function_call', call_id: id, name: 'f' });
      open.push(id);
      for (let answered = 0; answered < gap && open.length > 0; answered++)
        items.push({
          type: 'function_call_output',
          call_id: open.splice((gap + answered) % open.length, 1)[0],
          output: 'ok',
        });
      items.push({ role: 'assistant', content: 'hi' });
    });
    for (const id of open) items.push({ type: 'function_call_output', call_id: id, output: 'ok' });
    return items;
  });

test.prop([fc.oneof(fc.array(item, { maxLength: 14 }), answeredInput)])(
  'reports and pairs as the core pairing rule does',
  (input) => {
    const { result, table } = inspectOpenAIResponses(input);
    const ownMatch = table.pairing?.match;
    const { match } = pairFlatTurnEntries(table, 'conversation');
    const problems = findToolTurnProblems(table, {
      scope: 'conversation',
      uniqueCallIds: 'conversation',
    });
    expect({ ok: result.ok, match: Array.from(ownMatch ?? []) }).toEqual({
      ok: problems.length === 0,
      match: Array.from(match),
    });
  },
);
