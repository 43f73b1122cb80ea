import { fc, test } from '@fast-check/vitest';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { fromMcpResult } from '../../src/convert/from-mcp-result.js';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import { adapterFor } from '../../src/formats/index.js';
import { validateHistory } from '../../src/validate/validate-history.js';

// Near-CallToolResults: every block kind with its optional fields, extra keys, and broken ones
// (missing or mistyped fields, unknown kinds), so the SDK's schema both accepts and refuses.
const maybe = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(value, { nil: undefined, freq: 8 });
const base64 = fc.oneof(
  { arbitrary: fc.base64String({ maxLength: 12 }), weight: 9 },
  fc.string({ maxLength: 6 }),
);
const mime = fc.oneof(
  fc.constantFrom('image/png', 'audio/wav', 'application/pdf', 'text/plain'),
  fc.string({ maxLength: 5 }),
);
const extras = fc.record(
  {
    annotations: fc.record({
      audience: fc.constant(['user']),
      priority: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    _meta: fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), {
      maxKeys: 2,
    }),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);
const block = fc
  .oneof(
    fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 10 }) }),
    fc.record({ type: fc.constantFrom('image', 'audio'), data: base64, mimeType: maybe(mime) }),
    fc.record({
      type: fc.constant('resource'),
      resource: fc.oneof(
        fc.record({ uri: fc.webUrl(), mimeType: maybe(mime), text: fc.string({ maxLength: 8 }) }),
        fc.record({
          uri: fc.constantFrom('file:///tmp/a.bin', 'mem://x'),
          mimeType: maybe(mime),
          blob: base64,
        }),
      ),
    }),
    fc.record({
      type: fc.constant('resource_link'),
      uri: fc.oneof(fc.webUrl(), fc.constant('file:///tmp/out.txt')),
      name: fc.oneof({ arbitrary: fc.string({ maxLength: 6 }), weight: 9 }, fc.constant(7)),
      mimeType: maybe(mime),
      title: maybe(fc.string({ maxLength: 4 })),
    }),
    fc.constantFrom(
      { type: 'video', text: 'clip' },
      { type: 'resource', resource: { uri: 'mem://y' } },
      { type: 'text' },
      { type: 'text', text: 'x', annotations: { priority: 2 } },
    ),
  )
  .chain((value) => extras.map((more) => ({ ...more, ...dropUndefined(value) })));
const callToolResult = fc.record(
  {
    content: fc.oneof(
      { arbitrary: fc.array(block, { maxLength: 4 }), weight: 9 },
      fc.constant('text'),
    ),
    structuredContent: fc.oneof(
      {
        arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), {
          maxKeys: 3,
          noNullPrototype: true,
        }),
        weight: 9,
      },
      fc.constant([1]),
    ),
    isError: fc.oneof({ arbitrary: fc.boolean(), weight: 9 }, fc.constant('yes')),
    _meta: fc.constant({ progressToken: 1 }),
  },
  { requiredKeys: [] },
);

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
}

// Nine alphanumerics: an id every format takes (Mistral's rule).
const callId = 'callMcp01';
const name = 'save';

// UI messages hold a result inside its call's tool part: fromMcpResult refuses them (tested below).
const RESULT_FORMATS = MESSAGE_FORMATS.filter((format) => format !== 'vercel-ui');

test('refuses vercel-ui, whose results live inside their call, with a typed error', () => {
  expect(() => fromMcpResult({ content: [] }, { format: 'vercel-ui', callId, name })).toThrow(
    expect.objectContaining({
      code: 'invalid-input',
      message: expect.stringContaining("'vercel'"),
    }),
  );
});

test.prop([callToolResult, fc.constantFrom(...RESULT_FORMATS)], { numRuns: 300 })(
  'accepts every result the MCP SDK accepts, and the output validates after its call',
  (result, format) => {
    if (!CallToolResultSchema.safeParse(result).success) return;
    const written = fromMcpResult(result, { format, callId, name });
    const prefix = adapterFor(format).write([
      { role: 'user', parts: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', parts: [{ type: 'tool-call', callId, name, arguments: {} }] },
    ]).messages as readonly unknown[];
    const messages = [...prefix, ...(written.messages as readonly unknown[])];
    expect(validateHistory(messages, { format })).toEqual({ ok: true, issues: [] });
    const text = JSON.stringify(written.messages);
    const parsed = CallToolResultSchema.parse(result);
    // Every text block arrives (as JSON text, escaped as the wire escapes it).
    for (const piece of parsed.content)
      if (piece.type === 'text') expect(text).toContain(JSON.stringify(piece.text).slice(1, -1));
    if (parsed.isError === true) {
      const flagged =
        /"is_error":true|"status":"error"|"error-text"|"error-json"|"isError":true|"response":\{"error"/.test(
          text,
        );
      expect(
        flagged || written.warnings.some((warning) => warning.code === 'dropped-error-flag'),
      ).toBe(true);
    }
  },
);

test.prop([callToolResult])(
  'refuses what the MCP SDK refuses only with a typed invalid-input error',
  (result) => {
    let thrown: unknown;
    try {
      fromMcpResult(result, { format: 'gemini', callId, name });
    } catch (error) {
      thrown = error;
    }
    if (thrown !== undefined) {
      expect(CallToolResultSchema.safeParse(result).success).toBe(false);
      expect(thrown).toMatchObject({ name: 'ToolHistoryError', code: 'invalid-input' });
    }
  },
);
