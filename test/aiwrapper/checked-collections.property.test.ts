import { LangMessage, LangMessages, type LangMessageItem } from 'aiwrapper';
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { checkCollection } from '../../src/aiwrapper/checked-collections.js';
import { meetsProfileShape } from '../../src/aiwrapper/meets-profile-shape.js';
import { MESSAGE_FORMATS, type MessageFormat } from '../../src/core/format.js';
import type { ProviderProfile } from '../../src/core/provider-profile.js';
import { meetsProfileByTable } from '../../src/repair/meets-profile.js';
import { PROVIDER_PROFILES } from '../../src/repair/provider-profile.js';
import { inspectHistory } from '../../src/validate/inspect-history.js';

/** The whole check, with nothing remembered: what the incremental one must always agree with. */
function wholeCheck(messages: readonly unknown[], profile: ProviderProfile | undefined): boolean {
  const { result, table } = inspectHistory(messages, 'aiwrapper');
  if (!result.ok) return false;
  if (profile === undefined) return true;
  return (
    meetsProfileByTable(table, profile, (rules) => meetsProfileShape(messages, rules)) === true
  );
}

// Few ids and names, so ids repeat across turns, results go unanswered and names differ.
const id = fc.constantFrom('a', 'b', 'c', 'call_9', 'x-y');
const name = fc.constantFrom('f', 'g');
const item: fc.Arbitrary<LangMessageItem> = fc.oneof(
  fc.constantFrom<LangMessageItem>({ type: 'text', text: 'hi' }),
  fc.tuple(id, name).map(([callId, tool]): LangMessageItem => ({
    type: 'tool',
    callId,
    name: tool,
    arguments: {},
  })),
);
const message: fc.Arbitrary<() => LangMessage> = fc.oneof(
  fc.constant(() => new LangMessage('user', 'question')),
  fc
    .array(item, { minLength: 1, maxLength: 3 })
    .map((items) => () => new LangMessage('assistant', items)),
  fc.array(fc.tuple(id, name), { minLength: 1, maxLength: 2 }).map(
    (results) => () =>
      new LangMessage(
        'tool-results',
        results.map(([callId, tool]) => ({
          type: 'tool-result' as const,
          callId,
          name: tool,
          result: 1,
        })),
      ),
  ),
);

/** What an agent loop, or a user, does to a collection between requests. */
type Step =
  | { readonly kind: 'append'; readonly make: () => LangMessage }
  | { readonly kind: 'round'; readonly reuseId: boolean; readonly answer: boolean }
  | { readonly kind: 'replace'; readonly at: number; readonly make: () => LangMessage }
  | { readonly kind: 'stream'; readonly item: LangMessageItem }
  | { readonly kind: 'truncate'; readonly to: number }
  | { readonly kind: 'check'; readonly provider: MessageFormat | 'same' | undefined };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    // A whole round: a question, a call, its result (unless not answered), and an answer; its id
    // is new, or one an earlier round used (which Anthropic and Responses refuse).
    arbitrary: fc
      .tuple(fc.boolean(), fc.boolean())
      .map(([reuseId, answer]) => ({ kind: 'round' as const, reuseId, answer: answer || reuseId })),
    weight: 6,
  },
  { arbitrary: message.map((make) => ({ kind: 'append' as const, make })), weight: 6 },
  {
    arbitrary: fc
      .tuple(fc.nat(), message)
      .map(([at, make]) => ({ kind: 'replace' as const, at, make })),
    weight: 1,
  },
  { arbitrary: item.map((streamed) => ({ kind: 'stream' as const, item: streamed })), weight: 1 },
  { arbitrary: fc.nat().map((to) => ({ kind: 'truncate' as const, to })), weight: 1 },
  {
    // Mostly the provider of the run, as one agent loop talks to one provider.
    arbitrary: fc
      .oneof(
        { arbitrary: fc.constant('same' as const), weight: 4 },
        { arbitrary: fc.constantFrom(...MESSAGE_FORMATS), weight: 1 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      )
      .map((provider) => ({ kind: 'check' as const, provider })),
    weight: 4,
  },
);

test.prop([fc.array(step, { maxLength: 40 }), fc.constantFrom(...MESSAGE_FORMATS)])(
  'the incremental check agrees with the whole check after any appends, replacements and truncations',
  (steps, format) => {
    const collection = new LangMessages();
    // A valid start, so the incremental path has something to build on.
    collection.push(new LangMessage('user', 'q'));
    collection.push(
      new LangMessage('assistant', [{ type: 'tool', callId: 'a', name: 'f', arguments: {} }]),
    );
    collection.push(
      new LangMessage('tool-results', [{ type: 'tool-result', callId: 'a', name: 'f', result: 1 }]),
    );
    // Checked valid twice: the second check records it, and the incremental path starts.
    checkCollection(collection, PROVIDER_PROFILES[format]);
    checkCollection(collection, PROVIDER_PROFILES[format]);
    let rounds = 0;
    for (const current of steps) {
      switch (current.kind) {
        case 'round': {
          const callId = current.reuseId ? 'a' : `r${String(rounds++)}`;
          collection.push(new LangMessage('user', 'q'));
          collection.push(
            new LangMessage('assistant', [{ type: 'tool', callId, name: 'f', arguments: {} }]),
          );
          if (current.answer)
            collection.push(
              new LangMessage('tool-results', [
                { type: 'tool-result', callId, name: 'f', result: 1 },
              ]),
            );
          collection.push(new LangMessage('assistant', 'done'));
          break;
        }
        case 'append':
          collection.push(current.make());
          break;
        case 'replace':
          if (collection.length > 0) collection[current.at % collection.length] = current.make();
          break;
        case 'stream':
          collection.at(-1)?.items.push(current.item);
          break;
        case 'truncate':
          collection.length = Math.min(collection.length, current.to % 8);
          break;
        case 'check': {
          const provider = current.provider === 'same' ? format : current.provider;
          const profile = provider === undefined ? undefined : PROVIDER_PROFILES[provider];
          expect(checkCollection(collection, profile).met).toBe(
            wholeCheck(Array.from(collection), profile),
          );
          break;
        }
      }
    }
    expect(checkCollection(collection, PROVIDER_PROFILES[format]).met).toBe(
      wholeCheck(Array.from(collection), PROVIDER_PROFILES[format]),
    );
  },
);
