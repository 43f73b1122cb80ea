import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { meetsLangProfile } from '../../src/aiwrapper/meets-lang-profile.js';
import { meetsProfileShape } from '../../src/aiwrapper/meets-profile-shape.js';
import type { ProviderProfile } from '../../src/core/provider-profile.js';
import { isToolHistoryError } from '../../src/errors/tool-history-error.js';
import { CHAT_HOSTS } from '../../src/formats/index.js';
import { meetsProfileByTable } from '../../src/repair/meets-profile.js';
import { repairFormatHistory } from '../../src/repair/repair-history.js';
import { PROVIDER_PROFILES } from '../../src/repair/provider-profile.js';
import { inspectHistory } from '../../src/validate/inspect-history.js';
import { arbitraryAiwrapperMessages } from '../arbitraries/aiwrapper-history.js';

/**
 * The full check `chat()` used to run: the aiwrapper validator (a message not of aiwrapper's
 * shape is not valid), then the provider's rules on its turn table and the shape walk.
 */
function fullVerdict(messages: readonly unknown[], profile: ProviderProfile | undefined): boolean {
  try {
    const { result, table } = inspectHistory(messages, 'aiwrapper');
    if (!result.ok) return false;
    if (profile === undefined) return true;
    return (
      meetsProfileByTable(table, profile, (rules) => meetsProfileShape(messages, rules)) === true
    );
  } catch (error) {
    if (isToolHistoryError(error) && error.code === 'invalid-input') return false;
    throw error;
  }
}

/** Every provider's rules: each format's, each Chat Completions host's, and none. */
const PROFILES: readonly (ProviderProfile | undefined)[] = [
  ...Object.values(PROVIDER_PROFILES),
  ...Object.values(CHAT_HOSTS).flatMap((host) => (host.profile ? [host.profile] : [])),
  undefined,
];

const fromNeutral = arbitraryAiwrapperMessages;

// Ids that some providers refuse: empty, too long for Chat Completions, not 9 alphanumerics
// (Mistral), with characters outside [a-zA-Z0-9_-] (Anthropic); few, so they repeat across turns.
const id = fc.constantFrom('a', 'b', 'abcdefghi', 'call_9', 'x-y', 'a b', 'é', 'k'.repeat(41), '');
const name = fc.constantFrom('f', 'g');
const item = fc.oneof(
  {
    arbitrary: fc.constantFrom({ type: 'text', text: 'hi' }, { type: 'reasoning', text: 'hm' }),
    weight: 3,
  },
  { arbitrary: fc.constant({ type: 'image', url: 'https://example.com/a.png' }), weight: 1 },
  {
    arbitrary: fc.tuple(id, name).map(([callId, tool]) => ({
      type: 'tool',
      callId,
      name: tool,
      arguments: {},
    })),
    weight: 4,
  },
  {
    arbitrary: fc.tuple(id, name).map(([callId, tool]) => ({
      type: 'tool-result',
      callId,
      name: tool,
      result: 1,
    })),
    weight: 4,
  },
  // Not of aiwrapper's shape, or missing what a provider's reader needs.
  fc.constantFrom<unknown>(
    null,
    'text',
    { type: 'tool', callId: 7 },
    { type: 'tool', callId: 'a' },
    {
      type: 'tool-result',
      callId: 'a',
    },
  ),
);
const rawMessage = fc.oneof(
  {
    arbitrary: fc.record({
      role: fc.constantFrom('user', 'assistant', 'tool-results'),
      items: fc.array(item, { maxLength: 4 }),
    }),
    weight: 12,
  },
  fc.constantFrom<unknown>(null, [], { role: 'system', items: [] }, { role: 'user' }),
);

/**
 * Rounds that pair, so the provider's rules decide: a question (or not), an assistant message
 * with text before or after its calls, the results in call order or reversed, named after their
 * call or not, over one message or two, and an answer (or not).
 */
const round = fc
  .record({
    calls: fc.array(fc.tuple(id, name), { minLength: 1, maxLength: 4 }),
    question: fc.boolean(),
    textAfter: fc.boolean(),
    reversed: fc.boolean(),
    renamed: fc.nat(7),
    split: fc.nat(5),
    answer: fc.boolean(),
  })
  .map(({ calls, question, textAfter, reversed, renamed, split, answer }) => {
    const text = { type: 'text', text: 'x' };
    const tools = calls.map(([callId, tool]) => ({
      type: 'tool',
      callId,
      name: tool,
      arguments: {},
    }));
    const results = calls.map(([callId, tool], index) => ({
      type: 'tool-result',
      callId,
      name: index === renamed ? `${tool}2` : tool,
      result: 1,
    }));
    if (reversed) results.reverse();
    const resultMessages =
      split === 0 && results.length > 1
        ? [
            { role: 'tool-results', items: results.slice(0, 1) },
            { role: 'tool-results', items: results.slice(1) },
          ]
        : [{ role: 'tool-results', items: results }];
    return [
      ...(question ? [{ role: 'user', items: [text] }] : []),
      { role: 'assistant', items: textAfter ? [...tools, text] : [text, ...tools] },
      ...resultMessages,
      ...(answer ? [{ role: 'assistant', items: [text] }] : []),
    ];
  });
const rounds = fc
  .array(round, { minLength: 1, maxLength: 4 })
  .map((all) => all.flat() as unknown[]);

const histories = fc.oneof(fromNeutral, rounds, fc.array(rawMessage, { maxLength: 8 }));

test.prop([histories])(
  'meetsLangProfile gives the full check’s verdict, for every provider’s rules',
  (messages) => {
    for (const profile of PROFILES)
      expect(meetsLangProfile(messages, profile)).toBe(fullVerdict(messages, profile));
  },
);

test.prop([fc.oneof(fromNeutral, rounds), fc.nat()])(
  'on the end of a history, with the message before it and the ids before it, it gives the whole history’s verdict',
  (messages, cut) => {
    // The check starts at a message that is not a results message, as the incremental check does.
    let from = cut % (messages.length + 1);
    while (from > 0 && (messages[from] as { role?: unknown } | undefined)?.role === 'tool-results')
      from--;
    const start = messages.slice(0, from);
    fc.pre(from > 0 && fullVerdict(start, undefined));
    const taken = new Set<string>();
    for (const message of start as { role: string; items: { type: string; callId: string }[] }[])
      if (message.role === 'assistant')
        for (const entry of message.items) if (entry.type === 'tool') taken.add(entry.callId);
    for (const profile of PROFILES) {
      // The start was checked before and found to meet these rules.
      if (!fullVerdict(start, profile)) continue;
      expect(
        meetsLangProfile(messages.slice(from), profile, { before: messages[from - 1], taken }),
      ).toBe(fullVerdict(messages, profile));
    }
  },
);

test.prop([fc.oneof(fromNeutral, rounds)])(
  'a history it finds meeting a provider’s rules is one the repair leaves as it is',
  (messages) => {
    for (const profile of Object.values(PROVIDER_PROFILES)) {
      if (!meetsLangProfile(messages, profile)) continue;
      const { fixes } = repairFormatHistory(messages, {
        format: 'aiwrapper',
        provider: profile,
        wholeHistory: true,
      });
      expect(fixes).toEqual([]);
    }
  },
);
