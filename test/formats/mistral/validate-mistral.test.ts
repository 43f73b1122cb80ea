import { describe, expect, it } from 'vitest';
import { assertValidHistory } from '../../../src/validate/validate-history.js';
import { errorBodyFor } from '../../../src/testing/index.js';
import {
  MISTRAL_COUNT_MISMATCH,
  validateMistral,
} from '../../../src/formats/mistral/validate-mistral.js';
import { InvalidHistoryError } from '../../../src/errors/tool-history-error.js';

const calls = (...ids: string[]): object => ({
  role: 'assistant',
  content: '',
  tool_calls: ids.map((id) => ({
    id,
    type: 'function',
    function: { name: 'get_weather', arguments: '{}' },
  })),
});
const tool = (id: string): object => ({
  role: 'tool',
  tool_call_id: id,
  name: 'get_weather',
  content: '21C',
});
const user = (content = 'go'): object => ({ role: 'user', content });
const reply = { role: 'assistant', content: 'done' };

describe('validateMistral', () => {
  it('accepts parallel calls answered in any order and ids reused across rounds', () => {
    expect(
      validateMistral([
        user(),
        calls('a1b2c3d4e', 'f5g6h7i8j'),
        tool('f5g6h7i8j'),
        tool('a1b2c3d4e'),
        reply,
        user(),
        calls('a1b2c3d4e'),
        tool('a1b2c3d4e'),
        reply,
        user('next'),
      ]),
    ).toEqual({ ok: true, issues: [] });
  });

  it('reports ids that are not exactly 9 alphanumerics, in calls and in tool messages', () => {
    expect(
      validateMistral([
        user(),
        calls('call_abc123xyz', ''),
        tool('call_abc123xyz'),
        tool(''),
        reply,
        user('next'),
      ]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          partIndex: 0,
          toolCallId: 'call_abc123xyz',
          message: 'Tool call id was call_abc123xyz but must be a-z, A-Z, 0-9, with a length of 9.',
        },
        {
          code: 'invalid-tool-call-id',
          messageIndex: 1,
          partIndex: 1,
          toolCallId: '',
          message: 'Tool call id was  but must be a-z, A-Z, 0-9, with a length of 9.',
        },
        {
          code: 'invalid-tool-call-id',
          messageIndex: 2,
          toolCallId: 'call_abc123xyz',
          message: 'Tool call id was call_abc123xyz but must be a-z, A-Z, 0-9, with a length of 9.',
        },
        {
          code: 'invalid-tool-call-id',
          messageIndex: 3,
          toolCallId: '',
          message: 'Tool call id was  but must be a-z, A-Z, 0-9, with a length of 9.',
        },
      ],
    });
  });

  it('reports unequal numbers of calls and responses, for all or some calls of a turn', () => {
    expect(
      validateMistral([
        user(),
        calls('a1b2c3d4e', 'f5g6h7i8j'),
        tool('a1b2c3d4e'),
        reply,
        user('next'),
      ]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['f5g6h7i8j'],
          message: MISTRAL_COUNT_MISMATCH,
        },
      ],
    });
    expect(validateMistral([user(), calls('a1b2c3d4e'), reply, user('next')])).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['a1b2c3d4e'],
          message: MISTRAL_COUNT_MISMATCH,
        },
      ],
    });
  });

  it('reports a user message right after a tool message', () => {
    expect(
      validateMistral([user(), calls('a1b2c3d4e'), tool('a1b2c3d4e'), user('thanks')]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'unexpected-role',
          messageIndex: 3,
          role: 'user',
          previousRole: 'tool',
          message: "Unexpected role 'user' after role 'tool'",
        },
      ],
    });
  });

  it("reports a tool message after a user message with Mistral's role-order sentence, and a second result as a duplicate", () => {
    expect(
      validateMistral([
        user(),
        tool('a1b2c3d4e'),
        reply,
        user(),
        calls('f5g6h7i8j'),
        tool('f5g6h7i8j'),
        tool('f5g6h7i8j'),
        reply,
        user('next'),
      ]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 1,
          toolCallId: 'a1b2c3d4e',
          message: "Unexpected role 'tool' after role 'user'",
        },
        {
          code: 'duplicate-tool-call-id',
          messageIndex: 6,
          toolCallId: 'f5g6h7i8j',
          message: MISTRAL_COUNT_MISMATCH,
        },
      ],
    });
  });

  it('reports a result separated from its call as misplaced', () => {
    expect(
      validateMistral([user(), calls('a1b2c3d4e'), reply, tool('a1b2c3d4e'), reply, user('next')]),
    ).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['a1b2c3d4e'],
          message: MISTRAL_COUNT_MISMATCH,
        },
        {
          code: 'misplaced-tool-result',
          messageIndex: 3,
          toolCallId: 'a1b2c3d4e',
          callMessageIndex: 1,
          message: MISTRAL_COUNT_MISMATCH,
        },
      ],
    });
  });

  it("reports a history that ends with the model's answer, in Mistral's words", () => {
    expect(validateMistral([user(), calls('a1b2c3d4e'), tool('a1b2c3d4e'), reply])).toEqual({
      ok: false,
      issues: [
        {
          code: 'unexpected-last-role',
          messageIndex: 3,
          role: 'assistant',
          message:
            'Expected last role User or Tool (or Assistant with prefix True) for serving but got assistant',
        },
      ],
    });
  });

  it('accepts a last assistant message with prefix: true, and a last tool message', () => {
    expect(validateMistral([user(), { ...reply, prefix: true }])).toEqual({ ok: true, issues: [] });
    expect(validateMistral([user(), calls('a1b2c3d4e'), tool('a1b2c3d4e')])).toEqual({
      ok: true,
      issues: [],
    });
  });

  it('leaves a last assistant message with unanswered calls to the count rule', () => {
    expect(validateMistral([user(), calls('a1b2c3d4e')]).issues.map((issue) => issue.code)).toEqual(
      ['missing-tool-result'],
    );
  });

  it('throws invalid-input for a role Mistral does not have', () => {
    expect(() => validateMistral([{ role: 'developer', content: 'x' }])).toThrow(
      `messages[0].role is the string "developer", but must be 'system', 'user', 'assistant' or 'tool'.`,
    );
  });
});

describe("assertValidHistory (format 'mistral')", () => {
  it('throws InvalidHistoryError listing the issues', () => {
    expect(() => {
      assertValidHistory([user(), calls('a1b2c3d4e')], { format: 'mistral' });
    }).toThrow(
      new InvalidHistoryError([
        {
          code: 'missing-tool-result',
          messageIndex: 1,
          toolCallIds: ['a1b2c3d4e'],
          message: MISTRAL_COUNT_MISMATCH,
        },
      ]),
    );
  });
});

describe("errorBodyFor('mistral')", () => {
  it('uses the type and code Mistral sends for each kind of error', () => {
    const bodies = validateMistral([
      user(),
      calls('bad'),
      tool('bad'),
      user(),
      calls('a1b2c3d4e'),
      reply,
      user('next'),
    ]).issues.map((issue) => errorBodyFor('mistral', issue));
    expect(bodies).toEqual([
      {
        status: 400,
        body: {
          object: 'error',
          message: 'Tool call id was bad but must be a-z, A-Z, 0-9, with a length of 9.',
          type: 'invalid_function_call',
          param: null,
          code: '3280',
        },
      },
      {
        status: 400,
        body: {
          object: 'error',
          message: 'Tool call id was bad but must be a-z, A-Z, 0-9, with a length of 9.',
          type: 'invalid_function_call',
          param: null,
          code: '3280',
        },
      },
      {
        status: 400,
        body: {
          object: 'error',
          message: "Unexpected role 'user' after role 'tool'",
          type: 'invalid_request_message_order',
          param: null,
          code: '3230',
        },
      },
      {
        status: 400,
        body: {
          object: 'error',
          message: MISTRAL_COUNT_MISMATCH,
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      },
    ]);
  });
});
