import { expect } from 'vitest';

const openAIChatRefusal = {
  message:
    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
  body: {
    error: {
      message:
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      type: 'invalid_request_error',
      param: 'messages.[1].role',
      code: null,
    },
  },
};

const anthropicMessage =
  'messages.1.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01A09q90qw90lq917835lq9. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.';

/**
 * What each provider answers a request whose tool result has no call before it (flags off): the
 * sentence the thrown error carries, and the whole error body, in the provider's words.
 */
export const REFUSALS: Readonly<
  Record<string, { readonly message: string; readonly body: unknown }>
> = {
  'Lang.openai (Responses)': {
    message: 'No tool call found for function call output with call_id call_7Hq2.',
    body: {
      error: {
        message: 'No tool call found for function call output with call_id call_7Hq2.',
        type: 'invalid_request_error',
        param: 'input',
        code: null,
      },
    },
  },
  'Lang.openaiLike (Chat Completions)': openAIChatRefusal,
  'Lang.anthropic': {
    message: anthropicMessage,
    body: {
      type: 'error',
      error: { type: 'invalid_request_error', message: anthropicMessage },
      request_id: expect.stringMatching(/^req_011C[A-Za-z0-9]{20}$/) as unknown,
    },
  },
  'Lang.google': {
    message:
      'Please ensure that function response turn comes immediately after a function call turn.',
    body: {
      error: {
        code: 400,
        message:
          'Please ensure that function response turn comes immediately after a function call turn.',
        status: 'INVALID_ARGUMENT',
      },
    },
  },
  'Lang.mistral': {
    message: "Unexpected role 'tool' after role 'user'",
    body: {
      object: 'error',
      message: "Unexpected role 'tool' after role 'user'",
      type: 'invalid_request_message_order',
      param: null,
      code: '3230',
    },
  },
  // The strict server speaks OpenAI's wording on its Chat endpoint, whatever the host.
  'Lang.openaiLike at DeepSeek': openAIChatRefusal,
};
