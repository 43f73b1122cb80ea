import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { convertHistory } from '../../src/convert/convert-history.js';
import { isToolHistoryError } from '../../src/errors/tool-history-error.js';
import { pairToolCalls } from '../../src/pairs/pair-tool-calls.js';
import { writeFormat } from '../../src/repair/format-io.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { trimHistory } from '../../src/trim/trim-history.js';
import { validateHistory } from '../../src/validate/validate-history.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../arbitraries/history.js';

// One input, one verdict: Chat (and Mistral) content that must be text (a `tool`, `system` or `developer`
// message's) is either accepted by every path, or reported by validateHistory and refused with a
// typed error by every path that reads it, all naming the same message.

type Message = Record<string, unknown>;

const ABSENT = Symbol('absent');

/** Content that is text, and content of every other shape, including near misses. */
const textContent = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.array(
    fc.string({ maxLength: 5 }).map((text) => ({ type: 'text', text })),
    { maxLength: 3 },
  ),
);
const hostileContent = fc.oneof(
  fc.constant(ABSENT),
  fc.constantFrom(null, 0, 42, 1.5, true, false),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
  fc
    .tuple(
      fc.array(
        fc.string({ maxLength: 3 }).map((text) => ({ type: 'text', text })),
        { maxLength: 2 },
      ),
      fc.constantFrom<unknown>(
        { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
        { type: 'input_audio', input_audio: { data: '', format: 'wav' } },
        { type: 'text', text: 42 },
        { type: 'text' },
        { text: 'no type' },
        'a bare string',
        null,
      ),
    )
    .map(([texts, bad]) => [...texts, bad]),
);

/** Sets the content of a tool message of the history (or of a system message put there), and says which. */
function withContent(
  messages: readonly Message[],
  at: number,
  content: unknown,
): { messages: Message[]; target: number } {
  const tools = messages.flatMap((message, index) => (message.role === 'tool' ? [index] : []));
  const out = [...messages];
  const target = tools.length > 0 ? tools[at % tools.length] : undefined;
  const base: Message =
    target === undefined ? { role: at % 2 === 0 ? 'system' : 'developer' } : { ...out[target] };
  delete base.content;
  const message = content === ABSENT ? base : { ...base, content };
  if (target !== undefined) {
    out[target] = message;
    return { messages: out, target };
  }
  const inserted = at % (out.length + 1);
  out.splice(inserted, 0, message);
  return { messages: out, target: inserted };
}

/** `undefined` when `run` returns, else the index a typed invalid-input error names. */
function refusedAt(run: () => unknown): number | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!isToolHistoryError(error) || error.code !== 'invalid-input') throw error;
    const named = /^messages\[(\d+)\]/.exec(error.message);
    expect(named, error.message).not.toBeNull();
    return Number(named?.[1]);
  }
}

const FORMATS = ['openai-chat', 'mistral'] as const;

const histories = (format: (typeof FORMATS)[number]): fc.Arbitrary<Message[]> =>
  arbitraryHistory(FORMAT_FEATURES[format]).map(
    (history) => writeFormat(history, format, new Set()) as Message[],
  );

const content = fc.oneof(
  textContent.map((value) => ({ value, hostile: false })),
  hostileContent.map((value) => ({ value, hostile: true })),
);

describe.each(FORMATS)('%s', (format) => {
  test.prop([histories(format), fc.nat(), content, fc.nat({ max: 12 })])(
    'validate, repair, pairs, convert and trim agree on text content, at the same message',
    (history, at, { value, hostile }, maxMessages) => {
      const { messages, target } = withContent(history, format === 'mistral' ? at * 2 : at, value); // Mistral has no 'developer' role: an even `at` inserts 'system'
      const reported = validateHistory(messages, { format }).issues.filter(
        (issue) => issue.code === 'invalid-content',
      );
      const verdicts = [
        refusedAt(() => repairHistory(messages, { format })),
        refusedAt(() => repairHistory(messages, { format, provider: 'anthropic' })),
        refusedAt(() => pairToolCalls(messages, { format })),
        refusedAt(() => convertHistory(messages, { from: format, to: 'anthropic' })),
      ];
      expect(reported.map((issue) => issue.messageIndex)).toEqual(hostile ? [target] : []);
      // Chat reads an image in a `tool` message (which OpenAI refuses) as a result part and
      // repair moves it into a user message: the only hostile content that is not refused.
      const readable =
        format === 'openai-chat' &&
        messages[target]?.role === 'tool' &&
        Array.isArray(value) &&
        value.some((part) => (part as { type?: unknown } | null)?.type === 'image_url');
      const refused = hostile && !readable;
      expect(verdicts).toEqual(verdicts.map(() => (refused ? target : undefined)));
      // Trim reads the history only to cut it: with nothing to cut it hands any input back as it is,
      // whatever it holds; when it cuts, it gives the same verdict.
      let trimmed: ReturnType<typeof trimHistory<Message>> | undefined;
      const trimVerdict = refusedAt(
        () => (trimmed = trimHistory(messages, { format, maxMessages })),
      );
      if (trimmed === undefined || trimmed.dropped.length > 0)
        expect(trimVerdict).toBe(refused ? target : undefined);
      else expect(trimmed.messages).toEqual(messages);
    },
  );
});
