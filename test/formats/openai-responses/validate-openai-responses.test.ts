import { describe, expect, it } from 'vitest';
import { assertValidHistory } from '../../../src/validate/validate-history.js';
import { errorBodyFor } from '../../../src/testing/index.js';
import { validateOpenAIResponses } from '../../../src/formats/openai-responses/validate-openai-responses.js';
import { InvalidHistoryError } from '../../../src/errors/tool-history-error.js';

const call = (callId: string): object => ({
  type: 'function_call',
  call_id: callId,
  name: 'get_weather',
  arguments: '{}',
});
const output = (callId: string): object => ({
  type: 'function_call_output',
  call_id: callId,
  output: '21C',
});
const user = { role: 'user', content: 'go' };
const reasoning = { type: 'reasoning', id: 'rs_1', summary: [] };

describe('validateOpenAIResponses', () => {
  it('accepts parallel calls with outputs in any order, other items between call and output', () => {
    expect(
      validateOpenAIResponses([
        user,
        reasoning,
        call('call_a'),
        call('call_b'),
        { type: 'message', role: 'assistant', content: 'checking both' },
        output('call_b'),
        output('call_a'),
        { type: 'message', role: 'assistant', content: [] },
      ]),
    ).toEqual({ ok: true, issues: [] });
  });

  it('reports an output with no call, the start of a trimmed input included', () => {
    expect(validateOpenAIResponses([output('call_a'), user])).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 0,
          toolCallId: 'call_a',
          param: 'input',
          message: 'No tool call found for function call output with call_id call_a.',
        },
      ],
    });
  });

  it('reports each call without output', () => {
    expect(
      validateOpenAIResponses([user, call('call_a'), call('call_b'), output('call_a')]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 2,
          toolCallIds: ['call_b'],
          param: 'input',
          message: 'No tool output found for function call call_b.',
        },
      ],
    });
  });

  it('reports a call_id reused by a later call and a second output, since Responses cannot tell them apart', () => {
    expect(
      validateOpenAIResponses([
        user,
        call('call_0'),
        output('call_0'),
        output('call_0'),
        user,
        call('call_0'),
        output('call_0'),
      ]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 3,
          toolCallId: 'call_0',
          param: 'input',
          message:
            'Duplicate function call output found for call_id call_0, first at input[2]. Remove duplicate items from your input and try again.',
        },
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 5,
          toolCallId: 'call_0',
          param: 'input',
          message:
            'Duplicate function call found with call_id call_0, first at input[1]. Remove duplicate items from your input and try again.',
        },
      ],
    });
  });

  it('reports call_ids longer than 64 characters or empty', () => {
    const long = 'c'.repeat(65);
    expect(validateOpenAIResponses([call(long), output(long), call(''), output('')])).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-call-id',
          messageIndex: 0,
          toolCallId: long,
          param: 'input[0].call_id',
          message:
            "Invalid 'input[0].call_id': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
        },
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          toolCallId: long,
          param: 'input[1].call_id',
          message:
            "Invalid 'input[1].call_id': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
        },
        {
          code: 'invalid-tool-call-id',
          messageIndex: 2,
          toolCallId: '',
          param: 'input[2].call_id',
          message:
            "Invalid 'input[2].call_id': empty string. Expected a string with minimum length 1, but got an empty string instead.",
        },
        {
          code: 'invalid-tool-call-id',
          messageIndex: 3,
          toolCallId: '',
          param: 'input[3].call_id',
          message:
            "Invalid 'input[3].call_id': empty string. Expected a string with minimum length 1, but got an empty string instead.",
        },
      ],
    });
    expect(validateOpenAIResponses([call('c'.repeat(64)), output('c'.repeat(64))])).toEqual({
      ok: true,
      issues: [],
    });
  });

  it('throws invalid-input for a call without call_id and for an item that is neither typed nor a message', () => {
    expect(() =>
      validateOpenAIResponses([{ type: 'function_call', name: 'f', arguments: '{}' }]),
    ).toThrow('input[0].call_id is undefined, but must be a string.');
    expect(() => validateOpenAIResponses([{ content: 'hi' }])).toThrow(
      "input[0].role is undefined, but must be a role ('user', 'assistant', 'system', 'developer') or the item a `type`.",
    );
  });
});

describe("assertValidHistory (format 'openai-responses')", () => {
  it('throws InvalidHistoryError listing the issues', () => {
    expect(() => {
      assertValidHistory([output('x')], { format: 'openai-responses' });
    }).toThrow(
      new InvalidHistoryError([
        {
          code: 'orphan-tool-result',
          messageIndex: 0,
          toolCallId: 'x',
          param: 'input',
          message: 'No tool call found for function call output with call_id x.',
        },
      ]),
    );
  });
});

describe("errorBodyFor('openai-responses')", () => {
  it("builds OpenAI's error body with the schema codes for id errors and null otherwise", () => {
    const issues = validateOpenAIResponses([
      call(''),
      output(''),
      output('y'),
      call('c'.repeat(70)),
    ]).issues;
    expect(issues.map((issue) => errorBodyFor('openai-responses', issue))).toEqual([
      {
        status: 400,
        body: {
          error: {
            message:
              "Invalid 'input[0].call_id': empty string. Expected a string with minimum length 1, but got an empty string instead.",
            type: 'invalid_request_error',
            param: 'input[0].call_id',
            code: 'empty_string',
          },
        },
      },
      {
        status: 400,
        body: {
          error: {
            message:
              "Invalid 'input[1].call_id': empty string. Expected a string with minimum length 1, but got an empty string instead.",
            type: 'invalid_request_error',
            param: 'input[1].call_id',
            code: 'empty_string',
          },
        },
      },
      {
        status: 400,
        body: {
          error: {
            message: 'No tool call found for function call output with call_id y.',
            type: 'invalid_request_error',
            param: 'input',
            code: null,
          },
        },
      },
      {
        status: 400,
        body: {
          error: {
            message:
              "Invalid 'input[3].call_id': string too long. Expected a string with maximum length 64, but got a string with length 70 instead.",
            type: 'invalid_request_error',
            param: 'input[3].call_id',
            code: 'string_above_max_length',
          },
        },
      },
      {
        status: 400,
        body: {
          error: {
            message: `No tool output found for function call ${'c'.repeat(70)}.`,
            type: 'invalid_request_error',
            param: 'input',
            code: null,
          },
        },
      },
    ]);
  });
});
