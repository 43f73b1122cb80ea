import { fc, test } from '@fast-check/vitest';
import { convertToModelMessages, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { convertHistory } from '../../../src/convert/convert-history.js';
import type { HistoryMessage, ToolResult } from '../../../src/core/history.js';
import { ToolHistoryError } from '../../../src/errors/tool-history-error.js';
import { findToolTurnProblems } from '../../../src/core/pair-tool-turns.js';
import { ToolTurnTable } from '../../../src/core/tool-turn-table.js';
import { fromVercelUi, RESULT_STATES } from '../../../src/formats/vercel-ui/from-vercel-ui.js';
import { toVercelUi } from '../../../src/formats/vercel-ui/to-vercel-ui.js';
import { inspectVercelUi } from '../../../src/formats/vercel-ui/validate-vercel-ui.js';
import { TOOL_PART_STATES } from '../../../src/formats/vercel-ui/vercel-ui-types.js';
import { repairHistory, repairWholeHistory } from '../../../src/repair/repair-history.js';
import { restoreIds } from '../../../src/repair/restore-ids.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../../arbitraries/history.js';
import { sdkVerdict } from '../../helpers/ai-sdk-oracle.js';
import { roundTrip, withoutSourceIndex } from '../../helpers/round-trip.js';

// UIMessages (AI SDK v5/v6 `useChat`), checked against `convertToModelMessages` and `generateText`.
const validate = (messages: readonly unknown[]) =>
  validateHistory(messages, { format: 'vercel-ui' });
const user = (text = 'go') => ({ id: `u_${text}`, role: 'user', parts: [{ type: 'text', text }] });
const tool = (id: string, state: string, extra: object = {}) => ({
  type: 'tool-get_weather',
  toolCallId: id,
  state,
  input: { city: 'Oslo' },
  ...extra,
});
const assistant = (...parts: object[]) => ({ id: 'a', role: 'assistant', parts });
const sdk = async (messages: readonly unknown[]) =>
  sdkVerdict(await convertToModelMessages(messages as UIMessage[]));

describe('validateHistory (vercel-ui)', () => {
  it('refuses a call without output before the conversation goes on, in the SDK’s words', async () => {
    const messages = [user(), assistant(tool('c1', 'input-available')), user('again')];
    const message = 'Tool result is missing for tool call c1.';
    expect(validate(messages)).toEqual({
      ok: false,
      issues: [{ code: 'missing-tool-result', messageIndex: 1, toolCallIds: ['c1'], message }],
    });
    expect(await sdk(messages)).toEqual({ ok: false, error: message });
  });

  it('accepts outputs, errors, denials, steps and an approval answered in the last step', async () => {
    const messages = [
      user(),
      assistant(
        { type: 'step-start' },
        tool('c1', 'output-available', { output: { temp: 21 } }),
        tool('c2', 'output-error', { errorText: 'offline' }),
        { type: 'step-start' },
        { type: 'text', text: 'hm' },
        tool('c3', 'output-denied', { approval: { id: 'a3', approved: false, reason: 'no' } }),
      ),
      user('again'),
      assistant(
        { type: 'step-start' },
        tool('c4', 'input-streaming', { input: undefined }),
        tool('c5', 'approval-responded', { approval: { id: 'a5', approved: true } }),
      ),
    ];
    expect(validate(messages)).toEqual({ ok: true, issues: [] });
    expect((await sdk(messages)).ok).toBe(true);
  });

  it('throws a typed error naming an unknown tool part state', () => {
    expect(() => validate([assistant(tool('c1', 'done'))])).toThrow(
      new ToolHistoryError(
        'invalid-input',
        'messages[0].parts[0].state is the string "done", but must be one of input-streaming, input-available, approval-requested, approval-responded, output-available, output-error, output-denied.',
      ),
    );
  });
});

describe('repairHistory (vercel-ui)', () => {
  it('answers a call without output in its tool part; other messages stay the input’s objects', () => {
    const messages = [user(), assistant(tool('c1', 'input-available')), user('again')];
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'vercel-ui' });
    expect(repaired[0]).toBe(messages[0]);
    expect(repaired[2]).toBe(messages[2]);
    expect(repaired[1]).toEqual(
      assistant(
        tool('c1', 'output-error', {
          errorText: expect.stringContaining('ToolResultMissing') as unknown as string,
        }),
      ),
    );
    expect(fixes.map((fix) => [fix.kind, fix.messageIndex])).toEqual([['inserted-placeholder', 1]]);
    expect(validate(repaired)).toEqual({ ok: true, issues: [] });
  });

  it('answers the call, not a later part still streaming its input under the same id', () => {
    const streaming = tool('c1', 'input-streaming');
    const messages = [user(), assistant(tool('c1', 'input-available'), streaming)];
    const { messages: repaired } = repairHistory(messages, { format: 'vercel-ui' });
    expect(repaired[1]).toEqual(
      assistant(
        tool('c1', 'output-error', {
          errorText: expect.stringContaining('ToolResultMissing') as unknown as string,
        }),
        streaming,
      ),
    );
    expect(validate(repaired)).toEqual({ ok: true, issues: [] });
  });

  it('keeps an approval answering a repeated id on its own call, never an earlier one', () => {
    const requested = tool('', 'approval-requested', { approval: { id: 'a1' } });
    const denied = { id: 'a2', approved: false, reason: 'no' };
    const messages = [
      user(),
      assistant(requested, tool('', 'approval-responded', { approval: denied })),
    ];
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'vercel-ui' });
    const [first, second] = (repaired[1] as { parts: { toolCallId: string }[] }).parts;
    expect(first).toMatchObject({ state: 'output-error', approval: { id: 'a1' } });
    expect(second).toMatchObject({ state: 'approval-responded', approval: denied });
    expect(fixes.map((fix) => [fix.kind, 'from' in fix ? fix.from : fix.callId])).toEqual([
      ['rewrote-call-id', ''],
      ['rewrote-call-id', ''],
      ['inserted-placeholder', first?.toolCallId],
    ]);
    expect(validate(repaired)).toEqual({ ok: true, issues: [] });
  });

  it('keeps an output answering a repeated id in its own tool part', () => {
    const answered = tool('c1', 'output-available', { output: 'sunny' });
    const messages = [user(), assistant(tool('c1', 'input-available'), answered), user('again')];
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'vercel-ui' });
    const [first, second] = (repaired[1] as { parts: { toolCallId: string }[] }).parts;
    expect(first).toMatchObject({ toolCallId: 'c1', state: 'output-error' });
    expect(second).toMatchObject({ state: 'output-available', output: 'sunny' });
    expect(second?.toolCallId).not.toBe('c1');
    expect(fixes.filter((fix) => fix.kind === 'rewrote-call-id')).toMatchObject([
      { from: 'c1', to: second?.toolCallId, cause: 'duplicate' },
    ]);
    expect(validate(repaired)).toEqual({ ok: true, issues: [] });
  });

  it('repair answers an earlier call of a step whose later call has output, warning of nothing', () => {
    const messages = [
      user(),
      assistant(tool('c1', 'input-available'), tool('c2', 'output-available', { output: 'ok' })),
      user('again'),
    ];
    const {
      messages: repaired,
      fixes,
      warnings,
    } = repairHistory(messages, {
      format: 'vercel-ui',
    });
    expect(fixes).toMatchObject([{ kind: 'inserted-placeholder', callId: 'c1' }]);
    expect(warnings).toEqual([]);
    expect(repaired[1]).toMatchObject({
      parts: [{ toolCallId: 'c1', state: 'output-error' }, messages[1]?.parts[1]],
    });
  });

  it('restoreIds writes repeated ids back as they were sent', () => {
    const messages = [user(), assistant(tool('', 'input-available'), tool('', 'input-available'))];
    expect(restoreIds(messages, [], { format: 'vercel-ui' })).toEqual(messages);
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'vercel-ui' });
    expect(restoreIds(repaired, fixes, { format: 'vercel-ui' })[1]).toMatchObject({
      parts: [{ toolCallId: '' }, { toolCallId: '' }],
    });
  });
});

describe('fromVercelUi / toVercelUi', () => {
  test.prop([arbitraryHistory(FORMAT_FEATURES['vercel-ui'])])(
    'from(to(history)) is the history with its results in call order, warning only of that order',
    (history) => {
      const { history: back, warnings } = roundTrip('vercel-ui', history);
      expect({
        history: withoutSourceIndex(back),
        warnings: warnings.filter((warning) => warning.code !== 'reordered-parts'),
      }).toEqual({ history: inCallOrder(history), warnings: [] });
      expect(warnings.length > 0).toBe(
        JSON.stringify(inCallOrder(history)) !== JSON.stringify(history),
      );
    },
  );

  it('reads each step as a call turn followed by its results, as convertToModelMessages does', () => {
    const messages = [
      assistant(
        { type: 'step-start' },
        tool('c1', 'output-available', { output: 'sunny' }),
        { type: 'step-start' },
        { type: 'text', text: 'done' },
      ),
    ];
    const step = { type: 'opaque', format: 'vercel-ui', value: { type: 'step-start' } };
    expect(fromVercelUi(messages).messages).toEqual([
      {
        role: 'assistant',
        parts: [
          step,
          { type: 'tool-call', callId: 'c1', name: 'get_weather', arguments: { city: 'Oslo' } },
        ],
        sourceIndex: 0,
        providerData: { 'vercel-ui': { id: 'a' } },
      },
      {
        role: 'tool',
        results: [
          { callId: 'c1', name: 'get_weather', content: 'sunny', isError: false, sourceIndex: 0 },
        ],
        sourceIndex: 0,
      },
      { role: 'assistant', parts: [step, { type: 'text', text: 'done' }], sourceIndex: 0 },
    ]);
  });
});

/** `history` with each results message in the order of the calls before it. */
function inCallOrder(history: readonly HistoryMessage[]): HistoryMessage[] {
  return history.map((message, index) => {
    const calls = history[index - 1];
    if (message.role !== 'tool' || calls?.role !== 'assistant') return message;
    const order = calls.parts.flatMap((part) => (part.type === 'tool-call' ? [part.callId] : []));
    const position = (result: ToolResult) => order.indexOf(result.callId);
    return { ...message, results: [...message.results].sort((a, b) => position(a) - position(b)) };
  });
}

// UI histories of tool parts in every state, over steps and messages.
const arbitraryToolPart = fc
  .record({
    state: fc.constantFrom(...TOOL_PART_STATES),
    dynamic: fc.boolean(),
    approved: fc.boolean(),
    output: fc.oneof(fc.string(), fc.record({ temp: fc.integer() })),
  })
  .map(({ state, dynamic, approved, output }) => {
    const approval =
      state === 'approval-requested'
        ? { approval: { id: 'x' } }
        : state === 'approval-responded'
          ? { approval: { id: 'x', approved } }
          : state === 'output-denied'
            ? { approval: { id: 'x', approved: false, reason: 'no' } }
            : {};
    const result =
      state === 'output-available'
        ? { output }
        : state === 'output-error'
          ? { errorText: 'offline' }
          : {};
    const type = dynamic
      ? { type: 'dynamic-tool', toolName: 'get_weather' }
      : { type: 'tool-get_weather' };
    return { ...type, state, input: { city: 'Oslo' }, ...approval, ...result };
  });
const arbitraryUiHistory = fc
  .array(
    fc.oneof(
      fc.constant('user' as const),
      fc.array(fc.oneof(arbitraryToolPart, fc.constant({ type: 'step-start' })), { maxLength: 4 }),
    ),
    { minLength: 1, maxLength: 5 },
  )
  // A prompt starts with a user message (the SDK refuses an empty one).
  .map((items) => ['user' as const, ...items])
  .map((items) => {
    let next = 0;
    return items.map((item, index) => {
      if (item === 'user') return user(`q${index}`);
      const parts = item.map((part) => {
        if (part.type === 'step-start') return part;
        const id = `c${next++}`;
        // Approval ids are unique per call, as the SDK makes them.
        const approval =
          'approval' in part ? { approval: { ...part.approval, id: `a_${id}` } } : {};
        return { ...part, toolCallId: id, ...approval };
      });
      return { id: `m${index}`, role: 'assistant', parts };
    });
  });

describe('vercel-ui against the AI SDK', () => {
  test.prop([arbitraryUiHistory], { numRuns: 80 })(
    'validation agrees with convertToModelMessages + generateText, and conversion to vercel with convertToModelMessages',
    async (messages) => {
      const model = await convertToModelMessages(messages as UIMessage[]);
      const verdict = await sdkVerdict(model);
      expect(validate(messages).ok).toBe(verdict.ok);
      const converted = convertHistory(messages, { from: 'vercel-ui', to: 'vercel' });
      // The calls, results and approvals the SDK sends, message by message.
      const toolParts = (list: readonly unknown[]) =>
        (list as { role: string; content: unknown }[]).flatMap((message) =>
          Array.isArray(message.content)
            ? [
                (message.content as { type: string }[])
                  .filter((part) => part.type.startsWith('tool-'))
                  .map((part) => JSON.stringify({ role: message.role, ...part }))
                  .sort(),
              ]
            : [],
        );
      expect(toolParts(converted.messages).filter((parts) => parts.length > 0)).toEqual(
        toolParts(model).filter((parts) => parts.length > 0),
      );
    },
  );

  test.prop([arbitraryUiHistory], { numRuns: 60 })(
    'repair output validates, is accepted by the SDK, and repair is idempotent',
    async (messages) => {
      const repaired = repairHistory(messages, { format: 'vercel-ui' });
      expect(validate(repaired.messages)).toEqual({ ok: true, issues: [] });
      expect(repairHistory(repaired.messages, { format: 'vercel-ui' }).fixes).toEqual([]);
      expect((await sdk(repaired.messages)).ok).toBe(true);
      // Only placeholders: every part is kept, in place.
      expect(repaired.fixes.every((fix) => fix.kind === 'inserted-placeholder')).toBe(true);
      expect(
        repaired.messages.map((message) => (message as { parts: unknown[] }).parts.length),
      ).toEqual(messages.map((message) => message.parts.length));
    },
  );
});

// The same histories with some call ids emptied or repeated, as a broken client may send them.
const arbitraryUiHistoryWithBadIds = fc
  .tuple(arbitraryUiHistory, fc.array(fc.nat({ max: 5 }), { minLength: 24, maxLength: 24 }))
  .map(([messages, choices]) => {
    let next = 0;
    return messages.map((message) => ({
      ...message,
      parts: message.parts.map((part) => {
        if (!('toolCallId' in part)) return part;
        const choice = choices[next++ % choices.length];
        return choice === 0
          ? { ...part, toolCallId: '' }
          : choice === 1
            ? { ...part, toolCallId: 'c0' }
            : part;
      }),
    }));
  });

describe('repairHistory (vercel-ui) message by message', () => {
  test.prop([arbitraryUiHistoryWithBadIds], { numRuns: 200 })(
    'rewrites only the messages with issues, exactly as reading the whole history would',
    (messages) => {
      const repaired = repairHistory(messages, { format: 'vercel-ui' });
      expect(repaired).toEqual(repairWholeHistory(messages, { format: 'vercel-ui' }));
      expect(validate(repaired.messages)).toEqual({ ok: true, issues: [] });
      const broken = new Set(validate(messages).issues.map((issue) => issue.messageIndex));
      messages.forEach((message, index) => {
        if (!broken.has(index)) expect(repaired.messages[index]).toBe(message);
      });
      // A result stays in its own tool part, whatever its id.
      const answers = (list: readonly unknown[]) =>
        (list as { parts: Record<string, unknown>[] }[]).map((message) =>
          message.parts.map((part) =>
            RESULT_STATES.has(part.state)
              ? [part.state, part.output, part.errorText, part.approval]
              : undefined,
          ),
        );
      const kept = answers(repaired.messages).map((parts, index) =>
        parts.map((part, position) =>
          answers(messages)[index]?.[position] === undefined ? undefined : part,
        ),
      );
      expect(kept).toEqual(answers(messages));
    },
  );
});

/** The validator's table built from the read history, as it was before it walked the parts. */
function issuesOfReadHistory(messages: readonly unknown[]): unknown[] {
  const history = fromVercelUi(messages).messages;
  const table = new ToolTurnTable(history.length);
  for (const message of history) {
    const index = message.sourceIndex ?? 0;
    if (message.role === 'assistant') {
      table.begin(index, 'calls');
      message.parts.forEach((part) => {
        if (part.type === 'tool-call') table.add(part.callId, -1);
      });
      table.end();
    } else if (message.role === 'tool') {
      table.begin(index, 'results');
      message.results.forEach((result) => {
        table.add(result.callId, -1);
      });
      table.end();
    } else table.other(index);
  }
  return problemsOf(table);
}

/** The table's pairing problems, each as its kind and place. */
function problemsOf(table: ToolTurnTable): unknown[] {
  const problems = [...findToolTurnProblems(table, { scope: 'turn', uniqueCallIds: 'turn' })];
  return problems.map((problem) =>
    problem.kind === 'missing'
      ? [problem.kind, problem.turnMessageIndex, problem.callIds]
      : problem.kind === 'duplicate-call'
        ? [problem.kind, problem.call.messageIndex, problem.call.callId]
        : [problem.kind],
  );
}

describe('inspectVercelUi', () => {
  test.prop([
    fc.oneof(
      arbitraryUiHistory,
      arbitraryHistory(FORMAT_FEATURES['vercel-ui']).map((history) => toVercelUi(history).messages),
    ),
  ])('finds the problems reading the whole history finds, at the same places', (messages) => {
    expect(problemsOf(inspectVercelUi(messages).table)).toEqual(issuesOfReadHistory(messages));
  });
});
