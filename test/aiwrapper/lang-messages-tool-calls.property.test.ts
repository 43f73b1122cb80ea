import { Lang, LangMessages, type LangMessageItemToolResult } from 'aiwrapper';
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import {
  addAssistantToolCalls,
  addToolCallsAndResults,
  addToolUseMessage,
  latestToolCalls,
} from '../../src/aiwrapper/lang-messages-tool-calls.js';
import { isPlaceholderResult } from '../../src/core/placeholder-result.js';
import { validateOpenAIChat } from '../../src/formats/openai-chat/validate-openai-chat.js';
import { arbitraryRound, type Round } from '../arbitraries/tool-rounds.js';
import { plain } from '../helpers/lang-messages.js';

const chatCompletions = Lang.openaiLike({
  apiKey: 'k',
  model: 'gpt-4o-mini',
  baseURL: 'http://127.0.0.1',
});
/** What aiwrapper's own Chat Completions adapter would send for `messages`. */
const toOpenAI = (messages: LangMessages): unknown[] =>
  (
    chatCompletions as unknown as { transformMessagesForProvider(m: LangMessages): unknown[] }
  ).transformMessagesForProvider(messages);

const resultValue = (round: number, call: number): string => `result ${round}.${call}`;

/** Writes one round the way the user's loop would, and returns the last helper call (to repeat it). */
function writeRound(messages: LangMessages, round: Round, roundIndex: number): () => void {
  const given = round.calls.map((call) => ({
    callId: call.id,
    name: call.name,
    arguments: call.args,
  }));
  const results = round.answered.map((index) => ({
    toolId: round.calls[index]?.id,
    name: round.calls[index]?.name,
    result: resultValue(roundIndex, index),
  }));
  switch (round.style) {
    case 'fresh': {
      const repeat = (): void => void addToolCallsAndResults(messages, given, results);
      repeat();
      return repeat;
    }
    case 'after-chat': {
      // What chat() leaves: the turn (aiwrapper ids, unique within a response) and ToolNotFound results.
      const used = new Set<string>();
      const items = round.calls.map((call, index) => {
        const callId = call.id !== undefined && !used.has(call.id) ? call.id : `tool_call_${index}`;
        used.add(callId);
        return { type: 'tool' as const, callId, name: call.name, arguments: call.args };
      });
      messages.addAssistantItems(items);
      messages.addToolResultsMessage(
        items.map((item) => ({
          type: 'tool-result',
          callId: item.callId,
          name: item.name,
          result: { error: true, name: 'ToolNotFound', message: 'x' },
        })),
      );
      const tools = latestToolCalls(messages) ?? [];
      const keyed = round.answered.map((index) => ({
        toolId: tools[index]?.callId,
        name: tools[index]?.name,
        result: resultValue(roundIndex, index),
      }));
      const repeat = (): void => void addToolCallsAndResults(messages, tools, keyed);
      repeat();
      return repeat;
    }
    case 'two-step': {
      addAssistantToolCalls(messages, given);
      addAssistantToolCalls(messages, given);
      const repeat = (): void => void addToolUseMessage(messages, results);
      repeat();
      return repeat;
    }
  }
}

test.prop([fc.array(arbitraryRound, { minLength: 1, maxLength: 4 })])(
  'any rounds of calls and results give a history OpenAI accepts, lose nothing, and repeat as no-ops',
  (rounds) => {
    const messages = new LangMessages('start');
    rounds.forEach((round, roundIndex) => {
      const repeat = writeRound(messages, round, roundIndex);
      const once = plain(messages);
      repeat();
      expect(plain(messages)).toEqual(once);
      messages.addAssistantMessage(`answer ${roundIndex}`);
      messages.addUserMessage('next');
    });

    expect(validateOpenAIChat(toOpenAI(messages))).toEqual({ ok: true, issues: [] });

    const assistantCalls = Array.from(messages)
      .filter((message) => message.role === 'assistant')
      .flatMap((message) => message.toolRequests);
    const expectedCalls = rounds.flatMap((round) =>
      round.calls.map((call) => [call.name, call.args]),
    );
    expect(assistantCalls.map((call) => [call.name, call.arguments])).toEqual(expectedCalls);

    const results: LangMessageItemToolResult[] = Array.from(messages).flatMap(
      (message) => message.toolResults,
    );
    expect(results).toHaveLength(expectedCalls.length);
    const realResults = results
      .map((item): unknown => item.result)
      .filter((value) => !isPlaceholderResult(value));
    const expectedResults = rounds.flatMap((round, roundIndex) =>
      round.answered.map((index) => resultValue(roundIndex, index)),
    );
    expect([...realResults].sort()).toEqual([...expectedResults].sort());
  },
);
