import { describe, expect, it } from 'vitest';
import { findGaps } from '../../src/repair/find-gaps.js';
import { PROVIDER_PROFILES } from '../../src/repair/provider-profile.js';
import { repairWholeHistory, repairHistory } from '../../src/repair/repair-history.js';
import { resolvePolicy } from '../../src/repair/repair-policy.js';
import { inspectHistory } from '../../src/validate/inspect-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';

describe('findGaps', () => {
  it('leaves an orphan after text in its message to the engine, which puts the call between them', () => {
    const messages = [
      {
        role: 'user',
        content: [{ text: ' ' }, { toolResult: { toolUseId: 'exec_0', content: [] } }],
      },
      { role: 'assistant', content: [{ text: ' ' }] },
    ];
    const { result, table } = inspectHistory(messages, 'bedrock', {});
    expect(
      findGaps(
        messages,
        'bedrock',
        table,
        result.issues,
        PROVIDER_PROFILES.bedrock,
        resolvePolicy(),
      ),
    ).toBeUndefined();
    const repaired = repairHistory(messages, { format: 'bedrock' });
    expect(repaired).toEqual(repairWholeHistory(messages, { format: 'bedrock' }));
    expect(repaired.messages).toHaveLength(4);
  });

  it('leaves a Gemini call turn without results whose call has an empty id to the engine', () => {
    // The validator gives the id-less call a made-up id; a placeholder must not carry it, and
    // the engine's reader makes up the one its writer leaves out again.
    const messages = [
      { role: 'user', parts: [{ text: ' ' }] },
      {
        role: 'model',
        parts: [
          { thoughtSignature: 'c2ln0', functionCall: { id: '', name: 'get_weather', args: {} } },
          { functionCall: { id: 'call_1', name: 'get_weather', args: {} } },
        ],
      },
    ];
    const { result, table } = inspectHistory(messages, 'gemini', {});
    expect(
      findGaps(messages, 'gemini', table, result.issues, PROVIDER_PROFILES.gemini, resolvePolicy()),
    ).toBeUndefined();
    const once = repairHistory(messages, { format: 'gemini' });
    expect(validateHistory(once.messages, { format: 'gemini' }).ok).toBe(true);
    expect(repairHistory(once.messages, { format: 'gemini' }).fixes).toEqual([]);
  });

  it('leaves a nameless Gemini orphan to the engine, which names it after its synthesized call', () => {
    // Found by CI (seed -1925670580): the fill gave the orphan a call of `unknown_tool` and left
    // the response's empty name, which Gemini refuses ("Name cannot be empty").
    const messages = [
      { role: 'user', parts: [{ text: ' ' }] },
      {
        role: 'user',
        parts: [{ functionResponse: { id: 'call_v26', name: '', response: { output: '' } } }],
      },
      { role: 'model', parts: [{ functionCall: { id: 'exec_0', name: 'get_weather', args: {} } }] },
      { role: 'model', parts: [{ text: ' ' }] },
    ];
    const { result, table } = inspectHistory(messages, 'gemini', {});
    expect(
      findGaps(messages, 'gemini', table, result.issues, PROVIDER_PROFILES.gemini, resolvePolicy()),
    ).toBeUndefined();
    const once = repairHistory(messages, { format: 'gemini' });
    expect(validateHistory(once.messages, { format: 'gemini' }).issues).toEqual([]);
    expect(once.fixes.map((fix) => fix.kind)).toContain('renamed-result');
    expect(repairHistory(once.messages, { format: 'gemini' }).fixes).toEqual([]);
  });

  it('leaves a Gemini turn whose responses are split over two contents to the engine', () => {
    // The pairing pairs both calls, but Gemini counts the responses of the turn's first content:
    // the issues name no gap, so the engine repairs (it joins the second response to the first).
    const messages = [
      { role: 'user', parts: [{ text: 'next' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { id: 'callAAAAA', name: 'get_weather', args: {} } },
          { functionCall: { id: 'callBBBBB', name: 'now', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { id: 'callBBBBB', name: 'now', response: { output: '' } } }],
      },
      {
        role: 'user',
        parts: [
          {
            functionResponse: { id: 'callAAAAA', name: 'get_weather', response: { output: '' } },
          },
        ],
      },
    ];
    const { result, table } = inspectHistory(messages, 'gemini', {});
    expect(result.ok).toBe(false);
    expect(
      findGaps(messages, 'gemini', table, result.issues, PROVIDER_PROFILES.gemini, resolvePolicy()),
    ).toBeUndefined();
    const repaired = repairHistory(messages, { format: 'gemini' });
    expect(repaired.fixes.map((fix) => fix.kind)).toEqual(['moved-result']);
    expect(validateHistory(repaired.messages, { format: 'gemini' })).toEqual({
      ok: true,
      issues: [],
    });
  });

  it('finds a missing call turn and a missing results message in Chat Completions', () => {
    const messages = [
      { role: 'user', content: 'q' },
      { role: 'tool', tool_call_id: 'call_1', content: 'r' },
      { role: 'assistant', content: 'a' },
      { role: 'user', content: 'q2' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_2', type: 'function', function: { name: 'now', arguments: '{}' } },
        ],
      },
      { role: 'assistant', content: 'a2' },
    ];
    const { result, table } = inspectHistory(messages, 'openai-chat', {});
    const profile = PROVIDER_PROFILES['openai-chat'];
    expect(
      findGaps(messages, 'openai-chat', table, result.issues, profile, resolvePolicy()),
    ).toEqual({ starts: [1, 4], ends: [2, 5], calls: [0, 1] });
    const repaired = repairHistory(messages, { format: 'openai-chat' });
    expect(repaired.fixes.map((fix) => [fix.kind, fix.messageIndex])).toEqual([
      ['synthesized-call', 1],
      ['inserted-placeholder', 6],
    ]);
    const input: readonly unknown[] = messages;
    expect(repaired.messages.filter((message) => input.includes(message))).toEqual(messages);
    expect(repaired.messages).toHaveLength(8);
  });
});
