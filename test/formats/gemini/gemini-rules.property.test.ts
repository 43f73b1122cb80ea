import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { writeFormat } from '../../../src/repair/format-io.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { SKIP_THOUGHT_SIGNATURE } from '../../../src/formats/gemini/gemini-rules.js';
import type { HistoryFix } from '../../../src/repair/history-fix.js';
import { arbitraryBrokenHistory } from '../../arbitraries/broken-history.js';
import { FORMAT_FEATURES } from '../../arbitraries/history.js';
import { expectRepaired } from '../../helpers/unrepaired.js';

type Part = Record<string, unknown>;
interface Content {
  role?: string;
  parts: Part[];
}

/** Damage only Gemini's wire can carry, applied at a position taken modulo what is there. */
type GeminiDamage =
  | { readonly kind: 'responses-into-model'; readonly at: number; readonly whole: boolean }
  | { readonly kind: 'empty-name'; readonly at: number }
  | { readonly kind: 'strip-signature'; readonly at: number }
  | { readonly kind: 'strip-signatures' }
  | { readonly kind: 'idless-call'; readonly at: number }
  | { readonly kind: 'cross-ids'; readonly at: number };

const damage: fc.Arbitrary<GeminiDamage> = fc.oneof(
  fc.record({
    kind: fc.constant('responses-into-model'),
    at: fc.nat(),
    whole: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('empty-name'), at: fc.nat() }),
  fc.record({ kind: fc.constant('strip-signature'), at: fc.nat() }),
  // A history from another provider: no signature anywhere.
  fc.constant({ kind: 'strip-signatures' } as const),
  fc.record({ kind: fc.constant('idless-call'), at: fc.nat() }),
  fc.record({ kind: fc.constant('cross-ids'), at: fc.nat() }),
);

const isResponse = (part: Part): boolean => part.functionResponse !== undefined;
const isCall = (part: Part): boolean => part.functionCall !== undefined;

function pick<T>(items: readonly T[], at: number): T | undefined {
  return items.length === 0 ? undefined : items[at % items.length];
}

/** Indexes of contents holding a part that `test` accepts. */
function holding(contents: readonly Content[], test: (part: Part) => boolean): number[] {
  return contents.flatMap((content, index) => (content.parts.some(test) ? [index] : []));
}

function damaged(input: readonly Content[], change: GeminiDamage): Content[] {
  const contents = input.map((content) => ({ ...content, parts: [...content.parts] }));
  switch (change.kind) {
    case 'responses-into-model': {
      const index = pick(holding(contents, isResponse), change.at);
      const content = index === undefined ? undefined : contents[index];
      if (index === undefined || !content) return contents;
      const before = contents[index - 1];
      if (change.whole || before?.role !== 'model') {
        // The response turn sent with the wrong role.
        contents[index] = { ...content, role: 'model' };
        return contents;
      }
      // The responses put into the call turn itself.
      before.parts.push(...content.parts.filter(isResponse));
      const left = content.parts.filter((part) => !isResponse(part));
      if (left.length === 0) contents.splice(index, 1);
      else contents[index] = { ...content, parts: left };
      return contents;
    }
    case 'empty-name':
      return editPart(contents, isResponse, change.at, (part) => ({
        ...part,
        functionResponse: { ...(part.functionResponse as Part), name: '' },
      }));
    case 'strip-signature':
      return editPart(
        contents,
        (part) => isCall(part) && 'thoughtSignature' in part,
        change.at,
        (part) => {
          const rest = { ...part };
          delete rest.thoughtSignature;
          return rest;
        },
      );
    case 'strip-signatures':
      return contents.map((content) => ({
        ...content,
        parts: content.parts.map((part) => {
          const rest = { ...part };
          delete rest.thoughtSignature;
          return rest;
        }),
      }));
    case 'idless-call':
      return editPart(contents, isCall, change.at, (part) => {
        const call = { ...(part.functionCall as Part) };
        delete call.id;
        return { ...part, functionCall: call };
      });
    case 'cross-ids': {
      const index = pick(
        contents.flatMap((content, at) =>
          content.parts.filter(isResponse).length >= 2 ? [at] : [],
        ),
        change.at,
      );
      const content = index === undefined ? undefined : contents[index];
      if (index === undefined || !content) return contents;
      const positions = content.parts.flatMap((part, at) => (isResponse(part) ? [at] : []));
      const [first, second] = [positions[0] ?? 0, positions[1] ?? 0];
      const a = content.parts[first]?.functionResponse as Part;
      const b = content.parts[second]?.functionResponse as Part;
      content.parts[first] = { ...content.parts[first], functionResponse: { ...a, id: b.id } };
      content.parts[second] = { ...content.parts[second], functionResponse: { ...b, id: a.id } };
      return contents;
    }
  }
}

function editPart(
  contents: Content[],
  test: (part: Part) => boolean,
  at: number,
  edit: (part: Part) => Part,
): Content[] {
  const sites = contents.flatMap((content, index) =>
    content.parts.flatMap((part, position) => (test(part) ? [[index, position] as const] : [])),
  );
  const site = pick(sites, at);
  if (!site) return contents;
  const content = contents[site[0]];
  const part = content?.parts[site[1]];
  if (content && part) content.parts[site[1]] = edit(part);
  return contents;
}

const contents = fc
  .tuple(
    arbitraryBrokenHistory(FORMAT_FEATURES.gemini),
    fc.array(damage, { minLength: 1, maxLength: 3 }),
  )
  .map(([{ history }, changes]) =>
    changes.reduce<Content[]>(
      (current, change) => damaged(current, change),
      writeFormat(history, 'gemini', new Set()),
    ),
  );

const models = fc.constantFrom(
  undefined,
  'gemini-2.5-flash',
  'gemini-3-pro-preview',
  'models/gemini-3-flash-preview',
);

/** What a `functionResponse` part's response reads as (the reader's rule: `output`, `error`, or the object). */
function contentOf(response: unknown): string {
  const body = response as Record<string, unknown>;
  const keys = Object.keys(body);
  const only = keys.length === 1 ? keys[0] : undefined;
  return JSON.stringify(only === 'output' || only === 'error' ? body[only] : body);
}

function responsesIn(messages: readonly unknown[]): string[] {
  return (messages as Content[]).flatMap((content) =>
    content.parts.flatMap((part) =>
      isResponse(part) ? [contentOf((part.functionResponse as Part).response ?? {})] : [],
    ),
  );
}

function carried(fixes: readonly HistoryFix[]): string[] {
  return fixes.flatMap((fix) =>
    fix.kind === 'dropped-duplicate-result' || fix.kind === 'result-to-text'
      ? [JSON.stringify(fix.result.content)]
      : [],
  );
}

/** Each real thought signature with the name of the function its call part names. */
function signatures(messages: readonly unknown[]): string[] {
  return (messages as Content[])
    .flatMap((content) =>
      content.parts.flatMap((part) =>
        typeof part.thoughtSignature === 'string' &&
        part.thoughtSignature !== SKIP_THOUGHT_SIGNATURE
          ? [`${part.thoughtSignature}:${String((part.functionCall as Part | undefined)?.name)}`]
          : [],
      ),
    )
    .sort();
}

describe('repairHistory on Gemini contents with Gemini-only damage', () => {
  test.prop([contents, models])('the output validates for the model', (messages, model) => {
    const { messages: repaired, warnings } = repairHistory(messages, { format: 'gemini', model });
    expectRepaired(repaired, warnings, { format: 'gemini', model });
  });

  test.prop([contents, models])('repair is idempotent', (messages, model) => {
    const once = repairHistory(messages, { format: 'gemini', model }).messages;
    expect(repairHistory(once, { format: 'gemini', model })).toEqual({
      messages: once,
      fixes: [],
      warnings: [],
    });
  });

  test.prop([contents, models])('no response content is lost', (messages, model) => {
    const { messages: repaired, fixes } = repairHistory(messages, { format: 'gemini', model });
    const kept = [...responsesIn(repaired), ...carried(fixes)];
    for (const content of responsesIn(messages)) {
      const at = kept.indexOf(content);
      expect(at, `response ${content} is lost`).not.toBe(-1);
      kept.splice(at, 1);
    }
  });

  test.prop([contents, models])(
    'real thought signatures stay, each on a call of its function; only placeholders are added',
    (messages, model) => {
      const { messages: repaired, fixes } = repairHistory(messages, { format: 'gemini', model });
      expect(signatures(repaired)).toEqual(signatures(messages));
      for (const fix of fixes)
        if (fix.kind === 'added-thought-signature')
          expect(fix.signature).toBe(SKIP_THOUGHT_SIGNATURE);
    },
  );

  test.prop([contents])('Gemini 2.5 and no model never get signature fixes', (messages) => {
    for (const model of [undefined, 'gemini-2.5-pro'])
      expect(
        repairHistory(messages, { format: 'gemini', model }).fixes.filter(
          (fix) => fix.kind === 'added-thought-signature',
        ),
      ).toEqual([]);
  });
});
