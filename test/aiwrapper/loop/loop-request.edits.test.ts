import { LangMessage, LangMessages } from 'aiwrapper';
import { describe, expect, it } from 'vitest';
import { runToolLoop, type LoopTool, type ToolLoopEvent } from '../../../src/aiwrapper/index.js';
import { ScriptedLang } from '../../helpers/scripted-lang.js';

// Issue 23, item 7: every request sends the conversation as it is when the request is made, an
// app's edits between events included, wherever in the conversation they are.

const weather: LoopTool = {
  name: 'get_weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
  handler: (args) => ({ city: args.city, temp_c: 21 }),
};

function conversation(): LangMessages {
  return new LangMessages([
    new LangMessage('user', 'Remember my password.'),
    new LangMessage('assistant', 'Noted: hunter2.'),
    new LangMessage('user', 'Weather in Paris, then in Rome?'),
  ]);
}

const script = [
  { calls: [{ callId: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }] },
  { calls: [{ callId: 'call_2', name: 'get_weather', arguments: { city: 'Rome' } }] },
  { text: 'Sunny in both.' },
];

/** Runs the loop, calling `edit` on the conversation at the first round's end. */
async function runEditing(edit: (messages: LangMessages) => void): Promise<ScriptedLang> {
  const lang = new ScriptedLang(script);
  const messages = conversation();
  const loop: AsyncGenerator<ToolLoopEvent> = runToolLoop(lang, messages, { tools: [weather] });
  for await (const event of loop)
    if (event.type === 'round-end' && event.round === 1) edit(messages);
  return lang;
}

describe('runToolLoop requests after an edit of the conversation', () => {
  it.each<[string, (messages: LangMessages) => void]>([
    [
      'a middle message replaced by index',
      (messages) => {
        messages[1] = new LangMessage('assistant', 'Noted: [redacted].');
      },
    ],
    [
      'a middle message replaced by splice',
      (messages) => {
        messages.splice(1, 1, new LangMessage('assistant', 'Noted: [redacted].'));
      },
    ],
    [
      'the first message replaced and the second removed, then a message pushed',
      (messages) => {
        messages.splice(0, 2, new LangMessage('user', 'My password is [redacted].'));
        messages.push(new LangMessage('user', 'Thanks.'));
      },
    ],
  ])('sends %s as edited in every later request', async (_, edit) => {
    const lang = await runEditing(edit);
    expect(lang.requests).toHaveLength(3);
    expect(JSON.stringify(lang.requests[0]?.messages)).toContain('hunter2');
    for (const request of lang.requests.slice(1))
      expect(JSON.stringify(request.messages)).not.toContain('hunter2');
  });

  it('sends the conversation as it is, message for message, in every request', async () => {
    const lang = new ScriptedLang(script);
    const messages = conversation();
    const sentThen: unknown[] = [];
    for await (const event of runToolLoop(lang, messages, { tools: [weather] }))
      if (event.type === 'round-end') {
        messages[0] = new LangMessage('user', `Edited at round ${String(event.round)}.`);
        messages[1] = new LangMessage('assistant', `Edited too at round ${String(event.round)}.`);
        sentThen.push(JSON.parse(JSON.stringify(messages)));
      }
    expect(lang.requests.slice(1).map((request) => request.messages)).toEqual(sentThen);
  });
});
