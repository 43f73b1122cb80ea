import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expectTypeOf, test } from 'vitest';
import { fromMcpResult } from '../../src/convert/from-mcp-result.js';
import type { AnthropicMessage } from '../../src/formats/anthropic/anthropic-types.js';
import type { GeminiContent } from '../../src/formats/gemini/gemini-types.js';

test("fromMcpResult takes the SDK's CallToolResult and returns the format's messages", () => {
  const result = {} as CallToolResult;
  expectTypeOf(
    fromMcpResult(result, { format: 'anthropic', callId: 'a', name: 'n' }).messages,
  ).toEqualTypeOf<AnthropicMessage[]>();
  expectTypeOf(
    fromMcpResult(result, { format: 'gemini', callId: 'a', name: 'n' }).messages,
  ).toEqualTypeOf<GeminiContent[]>();
});
