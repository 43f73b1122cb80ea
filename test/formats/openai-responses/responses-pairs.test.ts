import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { validateOpenAIResponses } from '../../../src/formats/openai-responses/validate-openai-responses.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { repairHistory } from '../../../src/repair/repair-history.js';

// Fixtures typed as the `openai` SDK's input items: the SDK is the oracle for their shapes.
const user: ResponseInputItem = { role: 'user', content: 'go' };
const customCall: ResponseInputItem = {
  type: 'custom_tool_call',
  call_id: 'call_c',
  name: 'apply',
  input: '*** Begin Patch',
};
const customOutput: ResponseInputItem = {
  type: 'custom_tool_call_output',
  call_id: 'call_c',
  output: 'done',
};
const shellCall: ResponseInputItem = {
  type: 'local_shell_call',
  id: 'lsh_1',
  call_id: 'call_s',
  status: 'completed',
  action: { type: 'exec', command: ['ls'], env: {} },
};
const computerCall: ResponseInputItem = {
  type: 'computer_call',
  id: 'cu_1',
  call_id: 'call_u',
  status: 'completed',
  action: { type: 'screenshot' },
  pending_safety_checks: [{ id: 'cu_sc_1', code: 'malicious_instructions', message: 'careful' }],
};
const screenshot = {
  type: 'computer_screenshot',
  image_url: 'data:image/png;base64,AA==',
} as const;
const approvalRequest: ResponseInputItem = {
  type: 'mcp_approval_request',
  id: 'mcpr_1',
  name: 'deploy',
  arguments: '{}',
  server_label: 'ops',
};

const missing = (messageIndex: number, id: string, what: string): object => ({
  code: 'missing-tool-result',
  messageIndex,
  toolCallIds: [id],
  param: 'input',
  message: `No tool output found for ${what} ${id}.`,
});

describe('validateOpenAIResponses: calls that are not function calls', () => {
  it('pairs each kind with its own output', () => {
    const input: ResponseInputItem[] = [
      user,
      customCall,
      shellCall,
      computerCall,
      approvalRequest,
      customOutput,
      { type: 'local_shell_call_output', id: 'call_s', output: '{"stdout":""}' },
      {
        type: 'computer_call_output',
        call_id: 'call_u',
        output: screenshot,
        acknowledged_safety_checks: [{ id: 'cu_sc_1' }],
      },
      { type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: true },
    ];
    expect(validateOpenAIResponses(input)).toEqual({ ok: true, issues: [] });
  });

  it("reports each unanswered kind in OpenAI's sentence for it", () => {
    expect(validateOpenAIResponses([user, customCall, shellCall, approvalRequest])).toEqual({
      ok: false,
      issues: [
        missing(1, 'call_c', 'custom tool call'),
        missing(2, 'call_s', 'local shell call'),
        missing(3, 'mcpr_1', 'MCP approval request'),
      ],
    });
  });

  it('reports an orphan custom output', () => {
    expect(validateOpenAIResponses([user, customOutput])).toEqual({
      ok: false,
      issues: [
        {
          code: 'orphan-tool-result',
          messageIndex: 1,
          toolCallId: 'call_c',
          param: 'input',
          message: 'No tool call found for custom tool call output with call_id call_c.',
        },
      ],
    });
  });

  it('reports a pending safety check the computer output does not acknowledge', () => {
    const output = { type: 'computer_call_output', call_id: 'call_u', output: screenshot };
    expect(validateOpenAIResponses([user, computerCall, output])).toEqual({
      ok: false,
      issues: [
        {
          code: 'unacknowledged-safety-check',
          messageIndex: 2,
          toolCallId: 'call_u',
          checkIds: ['cu_sc_1'],
          param: 'input[2].acknowledged_safety_checks',
          message: "Computer tool has unacknowledged safety check for ['cu_sc_1']",
        },
      ],
    });
  });

  it('takes an output whose call is not in the input, after an item_reference, as answering it', () => {
    const input: ResponseInputItem[] = [
      user,
      { type: 'item_reference', id: 'fc_stored' },
      { type: 'function_call_output', call_id: 'call_stored', output: '21C' },
    ];
    expect(validateOpenAIResponses(input)).toEqual({ ok: true, issues: [] });
    expect(repairHistory(input, { format: 'openai-responses' })).toEqual({
      messages: input,
      fixes: [],
      warnings: [],
    });
  });

  it('repairs around an item_reference without adding a second call for its output', () => {
    const output = { type: 'function_call_output', call_id: 'call_stored', output: '21C' };
    const call = { type: 'function_call', call_id: 'call_new', name: 'now', arguments: '{}' };
    const input = [user, { type: 'item_reference', id: 'fc_stored' }, output, call];
    const { messages } = repairHistory(input, { format: 'openai-responses' });
    expect(messages.slice(0, 4)).toEqual(input);
    expect(messages.filter((item) => 'call_id' in item && item.call_id === 'call_stored')).toEqual([
      output,
    ]);
    expect(validateOpenAIResponses(messages)).toEqual({ ok: true, issues: [] });
  });
});

describe('validateHistory: Responses item ids and store: false', () => {
  it("refuses an id without its type's prefix in OpenAI's words", () => {
    const call = {
      type: 'function_call',
      id: 'call_1',
      call_id: 'call_1',
      name: 'n',
      arguments: '{}',
    };
    const output = { type: 'function_call_output', call_id: 'call_1', output: '' };
    expect(validateHistory([user, call, output], { format: 'openai-responses' })).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid-item-id',
          messageIndex: 1,
          itemId: 'call_1',
          param: 'input[1].id',
          message: "Invalid 'input[1].id': 'call_1'. Expected an ID that begins with 'fc'.",
        },
      ],
    });
  });

  it('refuses, with store: false, an item_reference and reasoning without encrypted_content', () => {
    const input = [
      user,
      { type: 'item_reference', id: 'msg_1' },
      { type: 'reasoning', id: 'rs_1', summary: [] },
      { type: 'reasoning', id: 'rs_2', summary: [], encrypted_content: 'gAAA' },
      { type: 'message', role: 'assistant', content: 'hi' },
    ];
    const unpersisted = (messageIndex: number, id: string): object => ({
      code: 'unpersisted-item',
      messageIndex,
      itemId: id,
      param: `input[${messageIndex}].id`,
      message: `Item with id '${id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`,
    });
    expect(validateHistory(input, { format: 'openai-responses', store: false })).toEqual({
      ok: false,
      issues: [unpersisted(1, 'msg_1'), unpersisted(2, 'rs_1')],
    });
    expect(validateHistory(input, { format: 'openai-responses' })).toEqual({
      ok: true,
      issues: [],
    });
  });

  it('refuses a store option that is not a boolean', () => {
    expect(() =>
      validateHistory([], { format: 'openai-responses', store: 'no' as unknown as boolean }),
    ).toThrow("The store option must be a boolean (the request's Responses `store`), but got");
  });
});

describe('repairHistory: Responses calls that are not function calls', () => {
  it('adds a failed output after an unanswered apply_patch call', () => {
    const call = {
      type: 'apply_patch_call',
      call_id: 'call_p',
      status: 'completed',
      operation: { type: 'delete_file', path: 'a' },
    };
    const input = [user, call, user];
    const output = {
      type: 'apply_patch_call_output',
      call_id: 'call_p',
      status: 'failed',
      output:
        'No result was recorded for this call of tool "apply patch call". The tool may or may not have run.',
    };
    expect(repairHistory(input, { format: 'openai-responses' })).toEqual({
      messages: [user, call, output, user],
      fixes: [
        {
          kind: 'inserted-output',
          messageIndex: 2,
          callId: 'call_p',
          item: output,
          message:
            'The apply patch call call_p had no apply_patch_call_output; a failed one was added after it.',
        },
      ],
      warnings: [],
    });
  });

  it('leaves a computer call without its screenshot, and says so', () => {
    const input = [user, computerCall, user];
    expect(repairHistory(input, { format: 'openai-responses' })).toEqual({
      messages: input,
      fixes: [],
      warnings: [
        {
          code: 'unrepaired-issue',
          messageIndex: 1,
          callId: 'call_u',
          message:
            'input[1]: the computer call call_u has no computer_call_output, and repair cannot make one up; add it yourself.',
        },
      ],
    });
  });

  it('drops, with store: false, reasoning the server would have to look up', () => {
    const reasoning = { type: 'reasoning', id: 'rs_1', summary: [] };
    const answer = { type: 'message', role: 'assistant', content: 'hi' };
    const { messages, fixes } = repairHistory([user, reasoning, answer], {
      format: 'openai-responses',
      store: false,
    });
    expect({ messages, kinds: fixes.map((fix) => fix.kind) }).toEqual({
      messages: [user, answer],
      kinds: ['dropped-reasoning'],
    });
  });
});
