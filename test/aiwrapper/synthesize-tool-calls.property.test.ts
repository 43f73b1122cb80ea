import { Lang, LangMessage, LangMessages, type LangMessageItemToolResult } from 'aiwrapper';
import { test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { synthesizeCallTurns } from '../../src/aiwrapper/install-tool-calls.js';
import { validateOpenAIChat } from '../../src/formats/openai-chat/validate-openai-chat.js';
import { arbitraryHistoryWithOrphans } from '../arbitraries/openai-chat-history.js';
import { plain } from '../helpers/lang-messages.js';

const chatCompletions = Lang.openaiLike({
  apiKey: 'k',
  model: 'gpt-4o-mini',
  baseURL: 'http://127.0.0.1',
});
const toOpenAI = (messages: LangMessages): unknown[] =>
  (
    chatCompletions as unknown as { transformMessagesForProvider(m: LangMessages): unknown[] }
  ).transformMessagesForProvider(messages);

/** The same histories as the OpenAI-array properties, as aiwrapper collections (one tool message → one results message). */
const arbitraryCollection = arbitraryHistoryWithOrphans.map((history) => {
  const messages = new LangMessages();
  for (const message of history) {
    if (message.role === 'tool') {
      messages.push(
        new LangMessage('tool-results', [
          {
            type: 'tool-result',
            callId: message.tool_call_id,
            name: typeof message.name === 'string' ? message.name : 'f',
            result: message.content as unknown,
          },
        ]),
      );
    } else if (message.role === 'assistant') {
      const calls = (message.tool_calls ?? []).map((call) => ({
        type: 'tool' as const,
        callId: call.id,
        name: call.type === 'custom' ? call.custom.name : call.function.name,
        arguments: JSON.parse(
          call.type === 'custom' ? call.custom.input : call.function.arguments,
        ) as Record<string, unknown>,
      }));
      messages.push(
        new LangMessage(
          'assistant',
          calls.length > 0
            ? calls
            : [{ type: 'text', text: typeof message.content === 'string' ? message.content : '' }],
        ),
      );
    } else if (message.role === 'user') {
      messages.push(
        new LangMessage('user', typeof message.content === 'string' ? message.content : ''),
      );
    }
  }
  return messages;
});

const results = (messages: LangMessages): LangMessageItemToolResult[] =>
  Array.from(messages).flatMap((message) => message.toolResults);

test.prop([arbitraryCollection])(
  'after the pass, aiwrapper sends a history OpenAI accepts, every result kept',
  (messages) => {
    const before = results(messages).map((item): unknown => item.result);
    synthesizeCallTurns(messages, 'openai-chat', -1);
    expect(validateOpenAIChat(toOpenAI(messages))).toEqual({ ok: true, issues: [] });
    expect(
      results(messages)
        .map((item): unknown => item.result)
        .sort(),
    ).toEqual(before.sort());
  },
);

test.prop([arbitraryCollection])('the pass is idempotent', (messages) => {
  synthesizeCallTurns(messages, 'openai-chat', -1);
  const once = plain(messages);
  expect(synthesizeCallTurns(messages, 'openai-chat', -1).fixes).toEqual([]);
  expect(plain(messages)).toEqual(once);
});
