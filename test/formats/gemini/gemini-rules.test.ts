import { describe, expect, it } from 'vitest';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import {
  requiresThoughtSignatures,
  SKIP_THOUGHT_SIGNATURE,
} from '../../../src/formats/gemini/gemini-rules.js';

const user = (text = 'go'): object => ({ role: 'user', parts: [{ text }] });
const call = (name: string, id?: string, thoughtSignature?: string): object => ({
  functionCall: { name, args: {}, ...(id === undefined ? {} : { id }) },
  ...(thoughtSignature === undefined ? {} : { thoughtSignature }),
});
const response = (name: string, id?: string): object => ({
  functionResponse: { name, response: { output: 'ok' }, ...(id === undefined ? {} : { id }) },
});
const model = (...parts: object[]): object => ({ role: 'model', parts });
const answers = (...parts: object[]): object => ({ role: 'user', parts });

const SIGNATURE_REFUSAL =
  'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:lookup` , position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.';

describe('requiresThoughtSignatures', () => {
  it('holds for Gemini 3 and later, with or without a path, and not for image models', () => {
    const models = [
      'gemini-3-pro-preview',
      'models/gemini-3-flash-preview',
      'publishers/google/models/gemini-3.1-pro',
      'google/gemini-3-pro',
      'gemini-4-flash',
      'gemini-3-pro-image-preview',
      'gemini-2.5-pro',
      'models/gemini-2.0-flash',
      'gemini-30',
      'gpt-5',
    ];
    expect(models.map(requiresThoughtSignatures)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      true,
      false,
    ]);
  });
});

describe('the Gemini 3 thought signature rule', () => {
  const unsigned = [user(), model(call('lookup', 'a')), answers(response('lookup', 'a'))];

  it("refuses an unsigned call step of the current turn in Google's words, on Gemini 3 only", () => {
    expect(validateHistory(unsigned, { format: 'gemini', model: 'gemini-3-pro-preview' })).toEqual({
      ok: false,
      issues: [
        {
          code: 'missing-thought-signature',
          messageIndex: 1,
          partIndex: 0,
          toolCallId: 'a',
          message: SIGNATURE_REFUSAL,
        },
      ],
    });
    expect(validateHistory(unsigned, { format: 'gemini', model: 'gemini-2.5-flash' }).ok).toBe(
      true,
    );
    expect(validateHistory(unsigned, { format: 'gemini' }).ok).toBe(true);
  });

  it('asks only the first call part of parallel calls for a signature', () => {
    const parallel = [
      user(),
      model(call('lookup', 'a', 'c2ln'), call('lookup', 'b')),
      answers(response('lookup', 'a'), response('lookup', 'b')),
    ];
    expect(validateHistory(parallel, { format: 'gemini', model: 'gemini-3-pro' }).ok).toBe(true);
  });

  it('leaves steps before the last user turn alone', () => {
    const older = [...unsigned, model({ text: 'done' }), user('and now?')];
    expect(validateHistory(older, { format: 'gemini', model: 'gemini-3-pro' }).ok).toBe(true);
  });

  it('repairs with the skip-validator placeholder, reported as a fix', () => {
    const { messages, fixes } = repairHistory(unsigned, {
      format: 'gemini',
      model: 'gemini-3-pro',
    });
    expect(messages).toEqual([
      unsigned[0],
      model({ ...call('lookup', 'a'), thoughtSignature: SKIP_THOUGHT_SIGNATURE }),
      unsigned[2],
    ]);
    expect(messages[0]).toBe(unsigned[0]);
    expect(messages[2]).toBe(unsigned[2]);
    expect(fixes.map((fix) => [fix.kind, fix.messageIndex, fix.partIndex])).toEqual([
      ['added-thought-signature', 1, 0],
    ]);
  });
});

describe("Gemini's part-role and name rules", () => {
  it('refuses a functionResponse in a model content and moves it to a user content', () => {
    const history = [user(), model(call('lookup', 'a'), response('lookup', 'a'))];
    expect(validateHistory(history, { format: 'gemini' }).issues[0]).toEqual({
      code: 'misplaced-tool-result',
      messageIndex: 1,
      partIndex: 1,
      toolCallId: 'a',
      callMessageIndex: 1,
      message: "Content with role 'model' can't contain 'functionResponse' part",
    });
    const { messages, fixes } = repairHistory(history, { format: 'gemini' });
    expect(messages).toEqual([
      history[0],
      model(call('lookup', 'a')),
      answers(response('lookup', 'a')),
    ]);
    expect(
      fixes.map((fix) => [fix.kind, fix.messageIndex, 'fromIndex' in fix && fix.fromIndex]),
    ).toEqual([['moved-result', 2, 1]]);
  });

  it('puts responses moved out of a model content before a user text turn in a content of their own', () => {
    // Joined to the text turn, they would end it as a turn and pull the earlier step into
    // Gemini 3's current turn, unsigned.
    const history = [
      user(),
      model(call('lookup', 'a'), response('lookup', 'a')),
      user('next'),
      model(call('lookup', 'b', 'c2ln')),
      answers(response('lookup', 'b')),
    ];
    const { messages, fixes } = repairHistory(history, { format: 'gemini', model: 'gemini-3-pro' });
    expect(messages).toEqual([
      history[0],
      model(call('lookup', 'a')),
      answers(response('lookup', 'a')),
      ...history.slice(2),
    ]);
    expect(fixes.map((fix) => [fix.kind, fix.messageIndex])).toEqual([['moved-result', 2]]);
    expect(validateHistory(messages, { format: 'gemini', model: 'gemini-3-pro' }).ok).toBe(true);
  });

  it('joins responses moved out of a model content to the response turn after it', () => {
    const history = [
      user(),
      model(call('lookup', 'a'), call('find', 'b'), response('lookup', 'a')),
      answers(response('find', 'b')),
    ];
    const { messages, fixes } = repairHistory(history, { format: 'gemini' });
    expect(messages).toEqual([
      history[0],
      model(call('lookup', 'a'), call('find', 'b')),
      answers(response('lookup', 'a'), response('find', 'b')),
    ]);
    expect(fixes.map((fix) => [fix.kind, fix.messageIndex, fix.partIndex])).toEqual([
      ['moved-result', 2, 0],
    ]);
  });

  it("places the engine's fixes after an inserted content: indexes into the output, fromIndex into the input", () => {
    const history = [
      user(),
      model(call('lookup', 'a'), response('lookup', 'a')),
      user('next'),
      answers(response('ghost', 'g')),
    ];
    const { messages, fixes } = repairHistory(history, { format: 'gemini' });
    expect(messages).toEqual([
      history[0],
      model(call('lookup', 'a')),
      answers(response('lookup', 'a')),
      history[2],
      model({
        functionCall: { id: 'g', name: 'ghost', args: {} },
        thoughtSignature: SKIP_THOUGHT_SIGNATURE,
      }),
      history[3],
    ]);
    expect(
      fixes.map((fix) => [
        fix.kind,
        fix.messageIndex,
        'fromIndex' in fix ? fix.fromIndex : undefined,
      ]),
    ).toEqual([
      ['moved-result', 2, 1],
      ['synthesized-call', 4, 3],
    ]);
  });

  it('gives a response content sent with the model role the user role', () => {
    const history = [
      user(),
      model(call('lookup')),
      model(response('lookup')),
      model({ text: 'ok' }),
    ];
    const { messages, fixes } = repairHistory(history, { format: 'gemini' });
    expect(messages).toEqual([history[0], history[1], answers(response('lookup')), history[3]]);
    expect(fixes.map((fix) => fix.kind)).toEqual(['moved-result']);
  });

  it("refuses an empty response name in the API's words and names it after its call", () => {
    const history = [user(), model(call('lookup')), answers(response(''))];
    expect(validateHistory(history, { format: 'gemini' }).issues).toEqual([
      {
        code: 'tool-name-mismatch',
        messageIndex: 2,
        partIndex: 0,
        toolCallId: 'lookup',
        expectedName: 'lookup',
        actualName: '',
        message:
          '* GenerateContentRequest.contents[2].parts[0].function_response.name: Name cannot be empty.',
      },
    ]);
    const { messages, fixes } = repairHistory(history, { format: 'gemini' });
    expect(messages).toEqual([history[0], history[1], answers(response('lookup'))]);
    expect(fixes.map((fix) => fix.kind)).toEqual(['renamed-result']);
  });

  it('pairs a response whose id names no call with the one id-less call of its name', () => {
    const history = [user(), model(call('lookup')), answers(response('lookup', 'made-up'))];
    expect(validateHistory(history, { format: 'gemini' })).toEqual({ ok: true, issues: [] });
    expect(repairHistory(history, { format: 'gemini' }).fixes).toEqual([]);
  });

  it("keeps a made-up response id when repair rewrites the response's turn", () => {
    const history = [user(), model(call('f'), call('g')), answers(response('f', 'made'))];
    const { messages, fixes } = repairHistory(history, { format: 'gemini' });
    expect(fixes.map((fix) => [fix.kind, fix.messageIndex, fix.partIndex])).toEqual([
      ['inserted-placeholder', 2, 1],
    ]);
    const rewritten = messages[2] as { parts: object[] };
    expect(rewritten.parts[0]).toEqual(response('f', 'made'));
    expect(messages.slice(0, 2)).toEqual(history.slice(0, 2));
    expect(validateHistory(messages, { format: 'gemini' }).ok).toBe(true);
  });

  it("keeps an empty call id and Gemini's other functionCall and functionResponse fields in a rewritten turn", () => {
    const signed = {
      functionCall: { name: 'f', args: { q: 1 }, id: '', willContinue: false },
      thoughtSignature: 'sig',
    };
    const answer = {
      functionResponse: {
        name: 'f',
        response: { output: 'ok' },
        parts: [{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }],
        scheduling: 'SILENT',
      },
    };
    // The response sits in the model content: repair rewrites both contents.
    const history = [user(), model(signed, call('g'), answer)];
    const { messages, fixes } = repairHistory(history, { format: 'gemini' });
    expect(fixes.map((fix) => [fix.kind, fix.messageIndex, fix.partIndex])).toEqual([
      ['moved-result', 2, 0],
      ['inserted-placeholder', 2, 1],
    ]);
    expect(messages.slice(1).map((content) => (content as { parts: object[] }).parts)).toEqual([
      [signed, call('g')],
      [answer, expect.objectContaining({ functionResponse: expect.anything() })],
    ]);
  });

  it('reports a second response with an answered call id as a duplicate, not a made-up id', () => {
    const history = [
      user(),
      model(call('lookup', 'a'), call('lookup')),
      answers(response('lookup', 'a'), response('lookup', 'a')),
    ];
    expect(
      validateHistory(history, { format: 'gemini' }).issues.map((issue) => issue.code),
    ).toEqual(['duplicate-tool-call-id']);
    const { messages } = repairHistory(history, { format: 'gemini' });
    expect(validateHistory(messages, { format: 'gemini' }).ok).toBe(true);
  });

  it('still reports an unknown response id when two calls of its name could answer it', () => {
    const history = [
      user(),
      model(call('lookup'), call('lookup')),
      answers(response('lookup', 'made-up'), response('lookup')),
    ];
    expect(
      validateHistory(history, { format: 'gemini' }).issues.map((issue) => issue.code),
    ).toEqual(['unknown-tool-call-id']);
  });

  it('reports crossed ids: the response named b carries the id of the call a', () => {
    const history = [
      user(),
      model(call('a', 'x'), call('b', 'y')),
      answers(response('b', 'x'), response('a', 'y')),
    ];
    expect(validateHistory(history, { format: 'gemini' }).issues).toEqual([
      {
        code: 'tool-name-mismatch',
        messageIndex: 2,
        partIndex: 0,
        toolCallId: 'x',
        expectedName: 'a',
        actualName: 'b',
        message:
          "Function response id x at contents[2].parts[0] is the id of the 'a' call of contents[1], but the response answers 'b'; give each response the id of its own call.",
      },
      {
        code: 'tool-name-mismatch',
        messageIndex: 2,
        partIndex: 1,
        toolCallId: 'y',
        expectedName: 'b',
        actualName: 'a',
        message:
          "Function response id y at contents[2].parts[1] is the id of the 'b' call of contents[1], but the response answers 'a'; give each response the id of its own call.",
      },
    ]);
  });
});
