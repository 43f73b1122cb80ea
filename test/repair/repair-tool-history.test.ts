import { describe, expect, it } from 'vitest';
import type {
  AssistantMessage,
  HistoryMessage,
  ToolCallPart,
  ToolResult,
  UserMessage,
} from '../../src/core/history.js';
import { hashCallId } from '../../src/core/call-id.js';
import { repairToolHistory } from './run-repairer.js';

const user = (text: string): UserMessage => ({ role: 'user', parts: [{ type: 'text', text }] });
const call = (
  callId: string,
  name = 'get_weather',
  args: Record<string, unknown> = { city: 'Paris' },
): ToolCallPart => ({ type: 'tool-call', callId, name, arguments: args });
const calls = (...parts: ToolCallPart[]): AssistantMessage => ({ role: 'assistant', parts });
const result = (callId: string, content: string, name = 'get_weather'): ToolResult => ({
  callId,
  name,
  content,
  isError: false,
});
const results = (...items: ToolResult[]): HistoryMessage => ({ role: 'tool', results: items });
const text = (value: string): AssistantMessage => ({
  role: 'assistant',
  parts: [{ type: 'text', text: value }],
});
const placeholder = (message: string): ToolResult['content'] => ({
  error: true,
  name: 'ToolResultMissing',
  message,
});

describe('repairToolHistory', () => {
  it('returns a valid history unchanged, reusing its messages', () => {
    const history = [
      user('weather?'),
      calls(call('a'), call('b')),
      results(result('b', 'rain'), result('a', 'sun')),
      text('done'),
    ];
    const repaired = repairToolHistory(history, { profile: 'openai-chat' });
    expect(repaired).toEqual({ history, fixes: [] });
    expect(repaired.history.every((message, index) => message === history[index])).toBe(true);
  });

  it('synthesizes the call of an orphan result at the start, as after trimming', () => {
    const history = [results(result('a', 'sun')), user('and now?'), text('ok')];
    expect(repairToolHistory(history, { profile: 'openai-chat' })).toEqual({
      history: [
        calls({ type: 'tool-call', callId: 'a', name: 'get_weather', arguments: {} }),
        results(result('a', 'sun')),
        user('and now?'),
        text('ok'),
      ],
      fixes: [
        {
          kind: 'synthesized-call',
          messageIndex: 0,
          partIndex: 0,
          callId: 'a',
          fromIndex: 0,
          fromPartIndex: 0,
          name: 'get_weather',
          arguments: {},
          placement: 'new-turn',
          guessed: { name: false, arguments: true },
          message:
            'The result at messages[0] answered no call; a call of "get_weather" was added in a new assistant turn before it.',
        },
      ],
    });
  });

  it("takes a synthesized call's arguments from an earlier call with its id", () => {
    const history = [
      user('q'),
      calls(call('a')),
      results(result('a', 'sun')),
      user('and?'),
      calls(call('b', 'now', {})),
      results(result('b', '12:00', 'now')),
      user('again'),
      results(result('a', 'sun again')),
    ];
    const { history: repaired } = repairToolHistory(history, { profile: 'openai-chat' });
    expect(repaired.slice(7)).toEqual([calls(call('a')), results(result('a', 'sun again'))]);
  });

  it('drops a result repeating an answered call of the latest call turn, even after other messages', () => {
    const history = [
      user('q'),
      calls(call('a')),
      results(result('a', 'sun')),
      user('again'),
      results(result('a', 'sun again')),
    ];
    const { history: repaired, fixes } = repairToolHistory(history, { profile: 'openai-chat' });
    expect(repaired).toEqual(history.slice(0, 4));
    expect(
      fixes.map((fix) =>
        fix.kind === 'dropped-duplicate-result'
          ? [fix.messageIndex, fix.fromIndex, fix.result.content]
          : fix.kind,
      ),
    ).toEqual([[2, 4, 'sun again']]);
  });

  it('turns an orphan into text of the next user message under orphanResults: to-text', () => {
    const history = [results(result('a', 'sun')), user('and now?')];
    expect(
      repairToolHistory(history, { profile: 'openai-chat', policy: { orphanResults: 'to-text' } }),
    ).toEqual({
      history: [
        {
          role: 'user',
          parts: [
            {
              type: 'text',
              text: 'Result of tool "get_weather" for call "a", whose call is not in this conversation:\nsun',
            },
            { type: 'text', text: 'and now?' },
          ],
        },
      ],
      fixes: [
        {
          kind: 'result-to-text',
          messageIndex: 0,
          partIndex: 0,
          callId: 'a',
          fromIndex: 0,
          fromPartIndex: 0,
          result: result('a', 'sun'),
          message: 'The result at messages[0] answered no call; it became text in a user message.',
        },
      ],
    });
  });

  it('adds a placeholder marked as an error for a call without a result, per cause', () => {
    const history = [
      user('q'),
      calls(call('a'), call('b')),
      results(result('a', 'sun')),
      user('next'),
      calls(call('c')),
      user('stop'),
      calls(call('d')),
    ];
    const { history: repaired, fixes } = repairToolHistory(history, { profile: 'openai-chat' });
    expect(repaired).toEqual([
      user('q'),
      calls(call('a'), call('b')),
      results(result('a', 'sun'), {
        callId: 'b',
        name: 'get_weather',
        content: placeholder(
          'No result was recorded for this call of tool "get_weather", though other calls of the same turn have results. The tool may or may not have run.',
        ),
        isError: true,
      }),
      user('next'),
      calls(call('c')),
      results({
        callId: 'c',
        name: 'get_weather',
        content: placeholder(
          'No result was recorded for this call of tool "get_weather". The tool may or may not have run.',
        ),
        isError: true,
      }),
      user('stop'),
      calls(call('d')),
      results({
        callId: 'd',
        name: 'get_weather',
        content: placeholder(
          'No result has been recorded yet for this call of tool "get_weather". The tool may or may not have run.',
        ),
        isError: true,
      }),
    ]);
    expect(
      fixes.map((fix) =>
        fix.kind === 'inserted-placeholder'
          ? [fix.messageIndex, fix.partIndex, fix.callId, fix.cause, fix.callMessageIndex]
          : fix.kind,
      ),
    ).toEqual([
      [2, 1, 'b', 'partial-turn', 1],
      [5, 0, 'c', 'not-recorded', 4],
      [8, 0, 'd', 'end-of-history', 7],
    ]);
  });

  it('takes placeholder texts per cause, or the whole content from a function', () => {
    const history = [calls(call('a'))];
    const texts = repairToolHistory(history, {
      policy: { missingResults: { 'end-of-history': 'still running' } },
    });
    expect(texts.history[1]).toEqual(
      results({
        callId: 'a',
        name: 'get_weather',
        content: placeholder('still running'),
        isError: true,
      }),
    );
    const fn = repairToolHistory(history, {
      policy: { missingResults: ({ callId, cause }) => `${callId}: ${cause}` },
    });
    expect(fn.history[1]).toEqual(
      results({ callId: 'a', name: 'get_weather', content: 'a: end-of-history', isError: true }),
    );
  });

  it('moves a result separated from its call turn to directly after it', () => {
    const history = [
      user('q'),
      calls(call('a')),
      user('are you there?'),
      results(result('a', 'sun')),
    ];
    expect(repairToolHistory(history, { profile: 'openai-chat' })).toEqual({
      history: [user('q'), calls(call('a')), results(result('a', 'sun')), user('are you there?')],
      fixes: [
        {
          kind: 'moved-result',
          messageIndex: 2,
          partIndex: 0,
          callId: 'a',
          fromIndex: 3,
          fromPartIndex: 0,
          message:
            'The result for call "a" was at messages[3], separated from its call turn; it moved to directly after the turn.',
        },
      ],
    });
  });

  it('keeps results in place where a result may answer any earlier call (Responses)', () => {
    const history = [
      user('q'),
      calls(call('a')),
      user('are you there?'),
      results(result('a', 'sun')),
    ];
    expect(repairToolHistory(history, { profile: 'openai-responses' })).toEqual({
      history,
      fixes: [],
    });
  });

  it('drops a second result for a call and keeps it whole in the fix', () => {
    const history = [calls(call('a')), results(result('a', 'sun'), result('a', 'rain'))];
    const first = repairToolHistory(history, { profile: 'openai-chat' });
    expect(first).toEqual({
      history: [calls(call('a')), results(result('a', 'sun'))],
      fixes: [
        {
          kind: 'dropped-duplicate-result',
          messageIndex: 1,
          partIndex: 0,
          callId: 'a',
          fromIndex: 1,
          fromPartIndex: 1,
          result: result('a', 'rain'),
          message:
            'The result at messages[1] answered call "a" a second time; it was dropped and is kept in this fix.',
        },
      ],
    });
    const last = repairToolHistory(history, {
      profile: 'openai-chat',
      policy: { duplicateResults: 'keep-last' },
    });
    expect(last.history).toEqual([calls(call('a')), results(result('a', 'rain'))]);
    expect(
      last.fixes.map((fix) =>
        fix.kind === 'dropped-duplicate-result' ? fix.result.content : fix.kind,
      ),
    ).toEqual(['sun']);
  });

  it('lets a placeholder yield to a real result whatever the duplicate policy (aiwrapper\'s "aborted")', () => {
    const history = [calls(call('a')), results({ ...result('a', 'aborted') }, result('a', 'sun'))];
    expect(repairToolHistory(history).history).toEqual([
      calls(call('a')),
      results(result('a', 'sun')),
    ]);
  });

  it('gives empty ids unique ones, in the call and its result', () => {
    const history = [calls(call(''), call('')), results(result('', 'one'), result('', 'two'))];
    const { history: repaired, fixes } = repairToolHistory(history, { profile: 'openai-chat' });
    const [first, second] = [hashCallId('\u0000empty\u00000'), hashCallId('\u0000empty\u00001')];
    expect(repaired).toEqual([
      calls(call(first), call(second)),
      results(result(first, 'one'), result(second, 'two')),
    ]);
    expect(fixes).toEqual([
      {
        kind: 'rewrote-call-id',
        messageIndex: 0,
        partIndex: 0,
        callId: first,
        from: '',
        to: first,
        cause: 'empty',
        message: `Call id "" was empty; it became "${first}" in the call and its result.`,
      },
      {
        kind: 'rewrote-call-id',
        messageIndex: 0,
        partIndex: 1,
        callId: second,
        from: '',
        to: second,
        cause: 'empty',
        message: `Call id "" was empty; it became "${second}" in the call and its result.`,
      },
    ]);
  });

  it('rewrites ids Mistral refuses to 9 alphanumeric characters, the same way every time', () => {
    const history = [
      calls(call('call_abc123xyz')),
      results(result('call_abc123xyz', 'sun')),
      user('again'),
      calls(call('call_abc123xyz')),
      results(result('call_abc123xyz', 'rain')),
    ];
    const id = hashCallId('call_abc123xyz\u00000');
    expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
    const { history: repaired, fixes } = repairToolHistory(history, { profile: 'mistral' });
    // Ids may repeat across turns for Mistral, so both turns map to the same new id.
    expect(repaired).toEqual([
      calls(call(id)),
      results(result(id, 'sun')),
      text('Tool results received.'),
      user('again'),
      calls(call(id)),
      results(result(id, 'rain')),
    ]);
    expect(fixes.map((fix) => fix.kind)).toEqual([
      'rewrote-call-id',
      'inserted-assistant-turn',
      'rewrote-call-id',
    ]);
  });

  it('rewrites an id Anthropic has seen in an earlier turn', () => {
    const history = [
      calls(call('exec_0')),
      results(result('exec_0', 'one')),
      user('again'),
      calls(call('exec_0')),
      results(result('exec_0', 'two')),
    ];
    const id = hashCallId('exec_0\u00000');
    expect(repairToolHistory(history, { profile: 'anthropic' })).toEqual({
      history: [
        calls(call('exec_0')),
        results(result('exec_0', 'one')),
        user('again'),
        calls(call(id)),
        results(result(id, 'two')),
      ],
      fixes: [
        {
          kind: 'rewrote-call-id',
          messageIndex: 3,
          partIndex: 0,
          callId: id,
          from: 'exec_0',
          to: id,
          cause: 'duplicate',
          message: `Call id "exec_0" repeats an earlier call's id, and Anthropic needs unique ids; it became "${id}" in the call and its result.`,
        },
      ],
    });
  });

  it('moves text after the calls of a turn before them (Anthropic)', () => {
    const history = [
      user('q'),
      {
        role: 'assistant',
        parts: [
          { type: 'text', text: 'checking' },
          call('a'),
          { type: 'text', text: 'one moment' },
        ],
      } as const,
      results(result('a', 'sun')),
    ];
    expect(repairToolHistory(history, { profile: 'anthropic' })).toEqual({
      history: [
        user('q'),
        {
          role: 'assistant',
          parts: [
            { type: 'text', text: 'checking' },
            { type: 'text', text: 'one moment' },
            call('a'),
          ],
        },
        results(result('a', 'sun')),
      ],
      fixes: [
        {
          kind: 'moved-text',
          messageIndex: 1,
          partIndex: 1,
          fromPartIndex: 2,
          callId: 'a',
          message:
            'Anthropic refuses text after the tool calls of a turn; the text part moved from position 2 to 1, before the calls.',
        },
      ],
    });
  });

  it("renames a result to its call's name (Gemini)", () => {
    const history = [user('q'), calls(call('a')), results(result('a', 'sun', 'weather'))];
    expect(repairToolHistory(history, { profile: 'gemini' })).toEqual({
      history: [user('q'), calls(call('a')), results(result('a', 'sun'))],
      fixes: [
        {
          kind: 'renamed-result',
          messageIndex: 2,
          partIndex: 0,
          callId: 'a',
          from: 'weather',
          to: 'get_weather',
          message:
            'Gemini pairs results with calls by name; the result named "weather" answers a call of "get_weather" and was renamed.',
        },
      ],
    });
  });

  it('puts a user message before a call turn that follows no user turn (Gemini)', () => {
    const history = [calls(call('a')), results(result('a', 'sun'))];
    expect(repairToolHistory(history, { profile: 'gemini' })).toEqual({
      history: [user('Continue.'), calls(call('a')), results(result('a', 'sun'))],
      fixes: [
        {
          kind: 'inserted-user-turn',
          messageIndex: 0,
          callId: 'a',
          text: 'Continue.',
          message:
            'Gemini needs a call turn to follow a user turn or tool results; a user message "Continue." was put before it.',
        },
      ],
    });
  });

  it('adds a synthesized call to the model text before its orphan (Gemini)', () => {
    const history = [user('q'), text('let me check'), results(result('a', 'sun'))];
    const { history: repaired, fixes } = repairToolHistory(history, { profile: 'gemini' });
    expect(repaired).toEqual([
      user('q'),
      {
        role: 'assistant',
        parts: [
          { type: 'text', text: 'let me check' },
          { type: 'tool-call', callId: 'a', name: 'get_weather', arguments: {} },
        ],
      },
      results(result('a', 'sun')),
    ]);
    expect(
      fixes.map((fix) =>
        fix.kind === 'synthesized-call'
          ? [fix.messageIndex, fix.partIndex, fix.placement]
          : fix.kind,
      ),
    ).toEqual([[1, 1, 'existing-turn']]);
  });

  it('puts an assistant message between tool results and a user message (Mistral)', () => {
    const history = [
      user('q'),
      calls(call('a1b2c3d4e')),
      results(result('a1b2c3d4e', 'sun')),
      user('thanks'),
    ];
    expect(
      repairToolHistory(history, { profile: 'mistral', policy: { assistantBridgeText: 'Done.' } }),
    ).toEqual({
      history: [
        user('q'),
        calls(call('a1b2c3d4e')),
        results(result('a1b2c3d4e', 'sun')),
        text('Done.'),
        user('thanks'),
      ],
      fixes: [
        {
          kind: 'inserted-assistant-turn',
          messageIndex: 3,
          callId: 'a1b2c3d4e',
          text: 'Done.',
          message:
            'Mistral refuses a user message right after tool results; an assistant message "Done." was put between them.',
        },
      ],
    });
  });

  it('uses generateId for new ids, skipping ids in use', () => {
    const ids = ['a', 'fresh1'];
    const { history: repaired } = repairToolHistory(
      [calls(call('a'), call('')), results(result('a', 'x'))],
      { policy: { generateId: () => ids.shift() ?? 'never' } },
    );
    expect(repaired[0]).toEqual(calls(call('a'), call('fresh1')));
  });

  it('never modifies its input', () => {
    const history = [results(result('', 'x')), calls(call('a')), user('q')];
    const copy = structuredClone(history);
    repairToolHistory(history, { profile: 'mistral' });
    expect(history).toEqual(copy);
  });
});
