import { describe, expect, it } from 'vitest';
import { ToolHistoryError } from '../../../src/errors/tool-history-error.js';
import { errorBodyFor } from '../../../src/testing/index.js';
import { inspectBedrock } from '../../../src/formats/bedrock/validate-bedrock.js';

const user = (text: string): unknown => ({ role: 'user', content: [{ text }] });
const calls = (...ids: string[]): unknown => ({
  role: 'assistant',
  content: [
    { text: 'Checking.' },
    ...ids.map((toolUseId) => ({
      toolUse: { toolUseId, name: 'get_weather', input: { city: 'Paris' } },
    })),
  ],
});
const results = (...ids: string[]): unknown => ({
  role: 'user',
  content: ids.map((toolUseId) => ({
    toolResult: { toolUseId, content: [{ json: { temperature: 21 } }], status: 'success' },
  })),
});

describe('inspectBedrock', () => {
  it('accepts calls answered in the next user message, with text after the results', () => {
    const messages = [
      user('Weather in Paris and Lyon?'),
      calls('tooluse_a', 'tooluse_b'),
      {
        role: 'user',
        content: [
          { toolResult: { toolUseId: 'tooluse_b', content: [{ text: '19' }] } },
          { toolResult: { toolUseId: 'tooluse_a', content: [], status: 'error' } },
          { text: 'And tomorrow?' },
        ],
      },
      { role: 'assistant', content: [{ text: 'Sunny.' }, { reasoningContent: { x: 1 } }] },
    ];
    expect(inspectBedrock(messages).result).toEqual({ ok: true, issues: [] });
  });

  it('reports calls the next message does not answer, naming that message and the ids', () => {
    const messages = [user('Weather?'), calls('tooluse_a', 'tooluse_b'), results('tooluse_a')];
    expect(inspectBedrock(messages).result).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['tooluse_b'],
          param: 'messages.2.content',
          message:
            'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_b',
        },
      ],
    });
  });

  it('reports calls followed by text only at the next message', () => {
    const messages = [user('Weather?'), calls('tooluse_a'), user('Never mind')];
    expect(inspectBedrock(messages).result.issues).toEqual([
      {
        code: 'missing-tool-result',
        messageIndex: 1,
        toolCallIds: ['tooluse_a'],
        param: 'messages.2.content',
        message:
          'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_a',
      },
    ]);
  });

  it('words an orphan, a result for an older turn and a second result as too many toolResult blocks', () => {
    const messages = [
      results('tooluse_lost'),
      calls('tooluse_a'),
      results('tooluse_a', 'tooluse_a'),
      { role: 'assistant', content: [{ text: 'Done.' }] },
      results('tooluse_a'),
    ];
    const sentence = (at: number): string =>
      `The number of toolResult blocks at messages.${at}.content exceeds the number of toolUse blocks of previous turn.`;
    expect(inspectBedrock(messages).result.issues).toEqual([
      {
        code: 'orphan-tool-result',
        messageIndex: 0,
        partIndex: 0,
        toolCallId: 'tooluse_lost',
        param: 'messages.0.content',
        message: sentence(0),
      },
      {
        code: 'duplicate-tool-call-id',
        messageIndex: 2,
        partIndex: 1,
        toolCallId: 'tooluse_a',
        param: 'messages.2.content',
        message: sentence(2),
      },
      {
        // Its call was answered, but a turn ago: an orphan here.
        code: 'orphan-tool-result',
        messageIndex: 4,
        partIndex: 0,
        toolCallId: 'tooluse_a',
        param: 'messages.4.content',
        message: sentence(4),
      },
    ]);
  });

  it('reports a result that sits a message too late as misplaced', () => {
    const messages = [
      user('Weather?'),
      calls('tooluse_a'),
      { role: 'assistant', content: [{ text: 'Waiting.' }] },
      results('tooluse_a'),
    ];
    expect(inspectBedrock(messages).result.issues.map((issue) => issue.code)).toEqual([
      'missing-tool-result',
      'misplaced-tool-result',
    ]);
  });

  it('reports a result in a later user message than the one after its calls, as Bedrock does', () => {
    // Bedrock looks for the results in the message right after the calls (messages.2 here); the
    // result in messages.3 follows a user message, whose toolUse blocks it cannot answer.
    const split = {
      role: 'user',
      content: [
        { toolResult: { toolUseId: 'tooluse_c', content: [{ text: '19' }] } },
        { text: 'And the others?' },
      ],
    };
    const messages = [
      user('Weather in Paris, Lyon and Nice?'),
      calls('tooluse_a', 'tooluse_b', 'tooluse_c'),
      split,
      results('tooluse_b'),
    ];
    expect(inspectBedrock(messages).result.issues).toEqual([
      {
        code: 'missing-tool-result',
        messageIndex: 1,
        // In call order: the call no message answers and the one answered too late.
        toolCallIds: ['tooluse_a', 'tooluse_b'],
        param: 'messages.2.content',
        message:
          'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_a, tooluse_b',
      },
      {
        code: 'misplaced-tool-result',
        messageIndex: 3,
        partIndex: 0,
        toolCallId: 'tooluse_b',
        callMessageIndex: 1,
        param: 'messages.3.content',
        message:
          'The number of toolResult blocks at messages.3.content exceeds the number of toolUse blocks of previous turn.',
      },
    ]);
  });

  it('reports results split over two user messages with nothing between them', () => {
    const messages = [
      user('Weather?'),
      calls('tooluse_a', 'tooluse_b'),
      results('tooluse_b'),
      results('tooluse_a'),
    ];
    expect(
      inspectBedrock(messages).result.issues.map(({ code, messageIndex, param }) => ({
        code,
        messageIndex,
        param,
      })),
    ).toEqual([
      { code: 'missing-tool-result', messageIndex: 1, param: 'messages.2.content' },
      { code: 'misplaced-tool-result', messageIndex: 3, param: 'messages.3.content' },
    ]);
  });

  it.each([
    ['', 'Member must have length greater than or equal to 1'],
    ['x'.repeat(65), 'Member must have length less than or equal to 64'],
    ['call.1', 'Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+'],
  ])('refuses the toolUseId %j', (id, constraint) => {
    const messages = [user('Hi'), calls(id), results(id)];
    expect(inspectBedrock(messages).result.issues).toEqual([
      {
        code: 'invalid-tool-call-id',
        messageIndex: 1,
        partIndex: 1,
        toolCallId: id,
        param: 'messages.1.content.1.toolUse.toolUseId',
        message: `1 validation error detected: Value '${id}' at 'messages.2.member.content.2.member.toolUse.toolUseId' failed to satisfy constraint: ${constraint}`,
      },
    ]);
  });

  it('accepts a 64-character id', () => {
    const id = 'a'.repeat(64);
    expect(inspectBedrock([user('Hi'), calls(id), results(id)]).result.ok).toBe(true);
  });

  it('reports a toolUseId used twice in the request', () => {
    const messages = [
      user('Hi'),
      calls('tooluse_a'),
      results('tooluse_a'),
      calls('tooluse_a'),
      results('tooluse_a'),
    ];
    expect(inspectBedrock(messages).result.issues).toEqual([
      {
        code: 'duplicate-tool-call-id',
        messageIndex: 3,
        partIndex: 1,
        toolCallId: 'tooluse_a',
        param: 'messages.3.content.1.toolUse.toolUseId',
        message:
          'The toolUseId tooluse_a at messages.3.content.1.toolUse.toolUseId is already used at messages.1.content.1. Each toolUse block needs its own toolUseId.',
      },
    ]);
  });

  it.each([
    [
      'an empty content',
      [user('Hi'), { role: 'assistant', content: [] }],
      'The content field in the Message object at messages.1 is empty. Add a ContentBlock object to the content field and try again.',
    ],
    [
      'an empty text block',
      [{ role: 'user', content: [{ text: 'Hi' }, { text: '' }] }],
      'The text field in the ContentBlock object at messages.0.content.1 is blank. Add text to the text field, and try again.',
    ],
    [
      'a json result block that is not an object',
      [
        user('Hi'),
        calls('tooluse_a'),
        {
          role: 'user',
          content: [{ toolResult: { toolUseId: 'tooluse_a', content: [{ json: [1] }] } }],
        },
      ],
      'The format of the value at messages.2.content.0.toolResult.content.0.json is invalid. Provide a json object for the field and try again.',
    ],
    [
      'a string content',
      [{ role: 'user', content: 'Hi' }],
      'messages[0].content is the string "Hi", but must be an array of content blocks.',
    ],
    [
      'a system role',
      [{ role: 'system', content: [{ text: 'Be brief' }] }],
      "messages[0].role is the string \"system\", but must be 'user' or 'assistant' (the system prompt goes in the `system` field).",
    ],
    [
      'a toolUse block in a user message',
      [{ role: 'user', content: [{ toolUse: { toolUseId: 'a', name: 'f', input: {} } }] }],
      'messages[0].content[0] is a toolUse block in a user message; Bedrock takes toolUse blocks in assistant messages and toolResult blocks in user messages.',
    ],
    [
      'a toolUse without a toolUseId',
      [user('Hi'), { role: 'assistant', content: [{ toolUse: { name: 'f', input: {} } }] }],
      'messages[1].content[0].toolUse.toolUseId is undefined, but must be a string.',
    ],
    [
      'a toolResult without content',
      [user('Hi'), calls('a'), { role: 'user', content: [{ toolResult: { toolUseId: 'a' } }] }],
      'messages[2].content[0].toolResult.content is undefined, but must be an array of tool result content blocks.',
    ],
  ])('throws invalid-input for %s, in Bedrock’s words where known', (_, messages, message) => {
    expect(() => inspectBedrock(messages)).toThrow(new ToolHistoryError('invalid-input', message));
  });

  it('throws invalid-input for messages that are not an array', () => {
    expect(() => inspectBedrock({ messages: [] } as unknown as unknown[])).toThrow(
      'Expected a Bedrock Converse `messages` array, but got an object.',
    );
  });

  it('never modifies the messages it checks', () => {
    const messages = [user('Weather?'), calls('tooluse_a'), results('tooluse_b')];
    const before = structuredClone(messages);
    inspectBedrock(messages);
    expect(messages).toEqual(before);
  });
});

describe("errorBodyFor('bedrock')", () => {
  it('answers 400 with a ValidationException whose body is the message', () => {
    const [issue] = inspectBedrock([user('Weather?'), calls('tooluse_a'), user('Hm')]).result
      .issues;
    expect(issue === undefined ? undefined : errorBodyFor('bedrock', issue)).toEqual({
      status: 400,
      body: {
        message:
          'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_a',
      },
      headers: {
        'x-amzn-errortype':
          'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/',
      },
    });
  });
});

describe('inspectBedrock with a Claude model', () => {
  const model = 'us.anthropic.claude-sonnet-4-20250514-v1:0';
  const messages = [
    user('Weather?'),
    calls('tooluse_a', 'tooluse_b'),
    {
      role: 'user',
      content: [
        { toolResult: { toolUseId: 'tooluse_a', content: [{ text: '19' }] } },
        { text: 'Also:' },
        { toolResult: { toolUseId: 'tooluse_b', content: [{ text: '21' }] } },
      ],
    },
  ];

  it('reports a result after other blocks of the message, as Bedrock relays Claude’s refusal', () => {
    expect(inspectBedrock(messages, { model }).result).toEqual({
      ok: false,
      issues: [
        {
          code: 'misplaced-tool-result',
          messageIndex: 2,
          partIndex: 2,
          toolCallId: 'tooluse_b',
          callMessageIndex: 1,
          param: 'messages.2',
          message:
            'The model returned the following errors: messages.2: Did not find 1 `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.',
        },
      ],
    });
  });

  it('leaves that order alone for other models, and with no model', () => {
    expect([
      inspectBedrock(messages).result.ok,
      inspectBedrock(messages, { model: 'amazon.nova-pro-v1:0' }).result.ok,
      inspectBedrock(messages, { model: 'meta.llama3-1-70b-instruct-v1:0' }).result.ok,
    ]).toEqual([true, true, true]);
  });
});
