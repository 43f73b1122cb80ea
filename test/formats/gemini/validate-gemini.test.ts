import { describe, expect, it } from 'vitest';
import { errorBodyFor } from '../../../src/testing/index.js';
import { inspectGemini } from '../../../src/formats/gemini/validate-gemini.js';
import {
  GEMINI_CALL_NOT_AFTER_USER,
  GEMINI_COUNT_MISMATCH,
  GEMINI_RESPONSE_NOT_AFTER_CALL,
} from '../../../src/formats/gemini/gemini-rules.js';

const call = (name: string, id?: string): object => ({
  functionCall: { name, args: {}, ...(id === undefined ? {} : { id }) },
});
const response = (name: string, id?: string): object => ({
  functionResponse: { name, response: { ok: true }, ...(id === undefined ? {} : { id }) },
});
const user = (...parts: object[]): object => ({ role: 'user', parts });
const model = (...parts: object[]): object => ({ role: 'model', parts });
const text = (value: string): object => ({ text: value });

describe('inspectGemini', () => {
  it('accepts parallel calls answered in any order, several rounds, repeated names', () => {
    const contents = [
      user(text('weather in Paris and London?')),
      model(call('get_weather'), call('get_weather'), call('now')),
      user(response('now'), response('get_weather'), response('get_weather')),
      model(call('get_weather', 'a')),
      user(response('get_weather', 'a')),
      model(text('done')),
    ];
    expect(inspectGemini(contents).result).toEqual({ ok: true, issues: [] });
  });

  it('reports a response turn that does not follow a call turn (a trimmed history included)', () => {
    expect(inspectGemini([user(response('now')), model(text('ok'))]).result).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 0,
          partIndex: 0,
          toolCallId: 'now',
          message: GEMINI_RESPONSE_NOT_AFTER_CALL,
        },
      ],
    });
  });

  it('reports fewer responses than calls with the count sentence, naming the unanswered calls', () => {
    expect(
      inspectGemini([user(text('go')), model(call('a'), call('b', 'id_b')), user(response('a'))])
        .result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['id_b'],
          message: GEMINI_COUNT_MISMATCH,
        },
      ],
    });
    expect(
      inspectGemini([user(text('go')), model(call('a')), user(text('never mind'))]).result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['a'],
          message: GEMINI_COUNT_MISMATCH,
        },
      ],
    });
  });

  it('reports more responses than calls on the extra part', () => {
    expect(
      inspectGemini([user(text('go')), model(call('a')), user(response('a'), response('a'))])
        .result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 2,
          partIndex: 1,
          toolCallId: 'a',
          message: GEMINI_COUNT_MISMATCH,
        },
      ],
    });
  });

  it('reports a response whose name matches no call when the counts agree', () => {
    expect(
      inspectGemini([user(text('go')), model(call('get_weather')), user(response('get_time'))])
        .result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'tool-name-mismatch',
          messageIndex: 2,
          partIndex: 0,
          toolCallId: 'get_weather',
          expectedName: 'get_weather',
          actualName: 'get_time',
          message:
            "Please ensure that each function response part names a function of the function call turn: contents[2].parts[0] answers 'get_time', but contents[1] called 'get_weather'.",
        },
      ],
    });
  });

  it('reports a call turn that starts the history or follows a model turn', () => {
    expect(
      inspectGemini([
        model(call('a')),
        user(response('a')),
        model(text('hm')),
        model(call('b')),
        user(response('b')),
      ]).result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'misplaced-tool-call',
          messageIndex: 0,
          toolCallIds: ['a'],
          message: GEMINI_CALL_NOT_AFTER_USER,
        },
        {
          code: 'misplaced-tool-call',
          messageIndex: 3,
          toolCallIds: ['b'],
          message: GEMINI_CALL_NOT_AFTER_USER,
        },
      ],
    });
  });

  it('reports a function call id used twice in one turn', () => {
    expect(
      inspectGemini([
        user(text('go')),
        model(call('a', 'x'), call('b', 'x')),
        user(response('a', 'x'), response('b', 'x')),
      ]).result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 1,
          partIndex: 1,
          toolCallId: 'x',
          message:
            'Function call id x appears twice in contents[1]; give each functionCall part its own id.',
        },
      ],
    });
  });

  it('reports a function response whose id names no functionCall id of the call turn', () => {
    expect(
      inspectGemini([
        user(text('go')),
        model(call('get_weather', 'call_1')),
        user(response('get_weather', 'call_9')),
      ]).result,
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'unknown-tool-call-id',
          messageIndex: 2,
          partIndex: 0,
          toolCallId: 'call_9',
          message:
            'Function response id call_9 at contents[2].parts[0] matches no functionCall id of contents[1]; give each response the id of its own call.',
        },
      ],
    });
  });

  it('reports a second function response with the id of an answered call on the second one', () => {
    const contents = [
      user(text('go')),
      model(call('get_weather', 'call_1'), call('get_weather', 'call_2')),
      user(text('results:'), response('get_weather', 'call_1'), response('get_weather', 'call_1')),
    ];
    expect(inspectGemini(contents).result).toEqual({
      ok: false,
      issues: [
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 2,
          partIndex: 2,
          toolCallId: 'call_1',
          message:
            'Function response id call_1 at contents[2].parts[2] answers a call of contents[1] that another response already answered; give each response the id of its own call.',
        },
      ],
    });
  });

  it('does not check responses without ids by id: they pair by name, even when the calls have ids', () => {
    expect(
      inspectGemini([
        user(text('go')),
        model(call('a', 'call_1'), call('b', 'call_2')),
        user(response('b'), response('a')),
      ]).result,
    ).toEqual({ ok: true, issues: [] });
    expect(
      inspectGemini([
        user(text('go')),
        model(call('a', 'call_1'), call('a', 'call_2')),
        user(response('a'), response('a', 'call_2')),
      ]).result,
    ).toEqual({ ok: true, issues: [] });
  });

  it('throws invalid-input for a content without parts or a function part without a name', () => {
    expect(() => inspectGemini([{ role: 'user', text: 'hi' }])).toThrow(
      'contents[0].parts is undefined, but must be an array of parts.',
    );
    expect(() => inspectGemini([model({ functionCall: { args: {} } })])).toThrow(
      'contents[0].parts[0].functionCall is an object, but must be an object with a string `name`.',
    );
    expect(() => inspectGemini([{ role: 'assistant', parts: [] }])).toThrow(
      "contents[0].role is the string \"assistant\", but must be 'user' or 'model'.",
    );
  });
});

describe("errorBodyFor('gemini')", () => {
  it('builds the 400 INVALID_ARGUMENT body', () => {
    const [issue] = inspectGemini([user(text('go')), model(call('a')), user(text('?'))]).result
      .issues;
    expect(issue && errorBodyFor('gemini', issue)).toEqual({
      status: 400,
      body: { error: { code: 400, message: GEMINI_COUNT_MISMATCH, status: 'INVALID_ARGUMENT' } },
    });
  });
});
