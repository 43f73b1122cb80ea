import { describe, expect, it } from 'vitest';
import { inspectAnthropic } from '../../../src/formats/anthropic/validate-anthropic.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { pairToolCalls } from '../../../src/pairs/pair-tool-calls.js';
import { trimHistory } from '../../../src/trim/trim-history.js';

const use = (id: string): object => ({
  type: 'tool_use',
  id,
  name: 'get_weather',
  input: { city: 'Paris' },
});
const result = (id: string): object => ({ type: 'tool_result', tool_use_id: id, content: '21C' });
const thinking = (text: string): object => ({
  type: 'thinking',
  thinking: text,
  signature: `sig-${text}`,
});
const redacted = { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4a' };
const user = (content: unknown): object => ({ role: 'user', content });
const assistant = (content: unknown): object => ({ role: 'assistant', content });
const text = (value: string): object => ({ type: 'text', text: value });

const refusal = (at: number, found: string): string =>
  `messages.${at}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${found}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`;

describe('inspectAnthropic with thinking on', () => {
  it('accepts a final call turn that starts with its thinking or redacted_thinking block', () => {
    for (const first of [thinking('a'), redacted]) {
      const messages = [user('go'), assistant([first, use('toolu_1')]), user([result('toolu_1')])];
      expect(inspectAnthropic(messages, { thinking: true }).result).toEqual({
        ok: true,
        issues: [],
      });
    }
  });

  it("refuses a final call turn without its thinking block, in Anthropic's words", () => {
    const messages = [user('go'), assistant([use('toolu_1')]), user([result('toolu_1')])];
    expect(inspectAnthropic(messages, { thinking: true }).result).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-reasoning',
          messageIndex: 1,
          partIndex: 0,
          toolCallIds: ['toolu_1'],
          param: 'messages.1.content.0.type',
          message: refusal(1, 'tool_use'),
        },
      ],
    });
    // Thinking off: the same history is fine.
    expect(inspectAnthropic(messages).result).toEqual({ ok: true, issues: [] });
  });

  it('names the block found first: text before the thinking block', () => {
    const messages = [
      user('go'),
      assistant([text('let me check'), thinking('a'), use('toolu_1')]),
      user([result('toolu_1')]),
    ];
    expect(inspectAnthropic(messages, { thinking: true }).result.issues[0]?.message).toBe(
      refusal(1, 'text'),
    );
  });

  it('checks only the final assistant turn: earlier call turns may have lost their thinking', () => {
    const messages = [
      user('go'),
      assistant([use('toolu_1')]),
      user([result('toolu_1')]),
      assistant([thinking('b'), use('toolu_2')]),
      user([result('toolu_2')]),
    ];
    expect(inspectAnthropic(messages, { thinking: true }).result).toEqual({ ok: true, issues: [] });
  });

  it('does not apply when the final assistant turn holds no tool_use', () => {
    const messages = [
      user('go'),
      assistant([use('toolu_1')]),
      user([result('toolu_1')]),
      assistant('It is 21C.'),
      user('thanks'),
    ];
    expect(inspectAnthropic(messages, { thinking: true }).result).toEqual({ ok: true, issues: [] });
  });

  it('reads consecutive assistant messages as one turn, as the API merges them', () => {
    const messages = [
      user('go'),
      assistant([thinking('a')]),
      assistant([use('toolu_1')]),
      user([result('toolu_1')]),
    ];
    expect(inspectAnthropic(messages, { thinking: true }).result).toEqual({ ok: true, issues: [] });
  });
});

describe('repairHistory with thinking on (Anthropic)', () => {
  it('moves the thinking block first, unchanged, and leaves every other message as it was', () => {
    const block = thinking('a');
    const input = [
      user('go'),
      assistant([text('let me check'), block, use('toolu_1')]),
      user([result('toolu_1')]),
    ];
    const before = structuredClone(input);
    const repaired = repairHistory(input, { format: 'anthropic', thinking: true });
    expect(input).toEqual(before);
    expect(repaired).toEqual({
      messages: [input[0], assistant([block, text('let me check'), use('toolu_1')]), input[2]],
      fixes: [
        {
          kind: 'moved-reasoning',
          messageIndex: 1,
          partIndex: 0,
          callId: 'toolu_1',
          fromIndex: 1,
          fromPartIndex: 1,
          message:
            'With extended thinking on, Anthropic needs the final assistant turn to start with its thinking block; the thinking block at messages[1].content[1] moved, unchanged, to messages[1].content[0].',
        },
      ],
      warnings: [],
    });
    expect(repaired.messages[0]).toBe(input[0]);
    expect(repaired.messages[2]).toBe(input[2]);
    expect((repaired.messages[1] as { content: unknown[] }).content[0]).toBe(block);
    expect(
      validateHistory(repaired.messages as unknown[], { format: 'anthropic', thinking: true }),
    ).toEqual({ ok: true, issues: [] });
  });

  it('says what it cannot fix when the turn has no thinking block, and makes none up', () => {
    const input = [user('go'), assistant([use('toolu_1')]), user([result('toolu_1')])];
    const repaired = repairHistory(input, { format: 'anthropic', thinking: true });
    expect(repaired.fixes).toEqual([]);
    expect(repaired.messages).toEqual(input);
    expect(repaired.warnings).toEqual([
      {
        code: 'unrepaired-issue',
        messageIndex: 1,
        callId: 'toolu_1',
        message:
          "messages[1]: with extended thinking on, Anthropic needs the final assistant turn (the one with tool_use toolu_1) to start with the thinking block the model returned with it, and the history has none; it cannot be made up (its signature is Anthropic's). Send the turn's thinking and redacted_thinking blocks back unmodified, or turn thinking off for this request.",
      },
    ]);
  });

  it('fixes text before results in the merged user turn and keeps the thinking block with its call turn', () => {
    const block = thinking('a');
    const input = [
      user('go'),
      assistant([block, use('toolu_1'), use('toolu_2')]),
      user([result('toolu_1')]),
      user([text('also:'), result('toolu_2')]),
    ];
    const repaired = repairHistory(input, { format: 'anthropic', thinking: true });
    expect(repaired.fixes.map((fix) => fix.kind)).toEqual(['moved-result']);
    expect(repaired.messages[1]).toBe(input[1]);
    expect(
      validateHistory(repaired.messages as unknown[], { format: 'anthropic', thinking: true }),
    ).toEqual({ ok: true, issues: [] });
  });
});

describe('thinking blocks through pairs and trim', () => {
  const block = thinking('a');
  const messages = [
    user('go'),
    assistant([block, use('toolu_1')]),
    user([result('toolu_1')]),
    assistant('It is 21C.'),
  ];

  it('trim keeps the call turn whole, thinking block included, as the same object', () => {
    const trimmed = trimHistory(messages, { format: 'anthropic', maxMessages: 3 });
    expect(trimmed.messages).toEqual(messages.slice(1));
    expect(trimmed.messages[0]).toBe(messages[1]);
    expect(validateHistory(trimmed.messages, { format: 'anthropic', thinking: true })).toEqual({
      ok: true,
      issues: [],
    });
  });

  it('trim never cuts between a thinking block and the tool_use of the next assistant message (one merged turn)', () => {
    const thinkingTurn = assistant([thinking('b')]);
    const callTurn = assistant([use('toolu_2')]);
    const split = [user('go'), thinkingTurn, callTurn, user([result('toolu_2')])];
    for (let maxMessages = 0; maxMessages <= split.length; maxMessages++) {
      const { messages: kept } = trimHistory(split, { format: 'anthropic', maxMessages });
      if (kept.includes(callTurn)) expect(kept).toContain(thinkingTurn);
    }
    expect(trimHistory(split, { format: 'anthropic', maxMessages: 2 }).messages).toEqual(
      split.slice(1),
    );
  });

  it('pairs point at the call turn that holds the thinking block', () => {
    const { pairs } = pairToolCalls(messages, { format: 'anthropic' });
    expect(pairs.map((pair) => [pair.callId, pair.callMessageIndex])).toEqual([['toolu_1', 1]]);
  });
});
