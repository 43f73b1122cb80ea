import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { repairHistory } from '../../../src/repair/repair-history.js';
import type { HistoryFix } from '../../../src/repair/history-fix.js';
import { SKIP_THOUGHT_SIGNATURE } from '../../../src/formats/gemini/gemini-rules.js';
import { expectRepaired } from '../../helpers/unrepaired.js';

type Part = Record<string, unknown>;
interface Content {
  readonly role?: string;
  readonly parts: Part[];
}

const names = fc.constantFrom('f', 'g');
/** Call ids: none, empty, a few shared ones (repeated across calls and turns). */
const callIds = fc.constantFrom(undefined, undefined, '', 'a', 'b', 'c');
/** What a response's id is: its call's, none, empty, made up, repeated, or another call's. */
const responseIds = fc.constantFrom<'own' | 'none' | 'empty' | 'made' | 'other'>(
  'own',
  'own',
  'none',
  'empty',
  'made',
  'other',
);
/** Fields Gemini has on parts and inside functionCall / functionResponse that the neutral model does not. */
const partExtras = fc.constantFrom<Part>(
  {},
  {},
  { thoughtSignature: 'sig' },
  { partMetadata: { k: 1 } },
);
const callExtras = fc.constantFrom<Part>({}, {}, { willContinue: false });
const responseExtras = fc.constantFrom<Part>(
  {},
  {},
  { scheduling: 'SILENT' },
  { parts: [{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
);

const callSpec = fc.record({ name: names, id: callIds, part: partExtras, inner: callExtras });
const answerSpec = fc.record({
  /** `undefined`: the call gets no response. */
  id: fc.option(responseIds, { nil: undefined }),
  inner: responseExtras,
  madeUp: fc.constantFrom('m', 'n'),
});
const orphanSpec = fc.record({ name: names, id: fc.constantFrom(undefined, 'a', 'm', 'z') });

const round = fc
  .record({
    calls: fc.array(callSpec, { minLength: 1, maxLength: 4 }),
    answers: fc.array(answerSpec, { minLength: 4, maxLength: 4 }),
    orphans: fc.array(orphanSpec, { maxLength: 1 }),
    reversed: fc.boolean(),
    textAfter: fc.boolean(),
  })
  .map(({ calls, answers, orphans, reversed, textAfter }): Content[] => {
    const model: Part[] = calls.map((call) => ({
      ...call.part,
      functionCall: {
        name: call.name,
        args: {},
        ...call.inner,
        ...(call.id === undefined ? {} : { id: call.id }),
      },
    }));
    const responses: Part[] = [];
    calls.forEach((call, at) => {
      const answer = answers[at];
      if (answer?.id === undefined) return;
      const other = calls[(at + 1) % calls.length]?.id;
      const id = {
        own: call.id,
        none: undefined,
        empty: '',
        made: answer.madeUp,
        other,
      }[answer.id];
      responses.push({
        functionResponse: {
          name: call.name,
          response: { output: `${call.name}${String(at)}` },
          ...answer.inner,
          ...(id === undefined ? {} : { id }),
        },
      });
    });
    for (const orphan of orphans)
      responses.push({
        functionResponse: {
          name: orphan.name,
          response: { output: 'orphan' },
          ...(orphan.id === undefined ? {} : { id: orphan.id }),
        },
      });
    if (reversed) responses.reverse();
    if (textAfter) responses.push({ text: 'and then?' });
    const turns: Content[] = [
      { role: 'user', parts: [{ text: 'go' }] },
      { role: 'model', parts: model },
    ];
    return responses.length === 0 ? turns : [...turns, { role: 'user', parts: responses }];
  });

const contents = fc.array(round, { minLength: 1, maxLength: 3 }).map((rounds) => rounds.flat());

/** JSON with keys sorted: a part written again in another key order is the same part. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    typeof entry === 'object' && entry !== null && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1)))
      : entry,
  );
}

/** Counts of each value (by canonical JSON); `take` uses one up. */
class Bag {
  private readonly counts = new Map<string, number>();
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  take(key: string): boolean {
    const left = this.counts.get(key) ?? 0;
    if (left === 0) return false;
    this.counts.set(key, left - 1);
    return true;
  }
}

/** True when a fix names the output part (or its whole content). */
function namesPart(fixes: readonly HistoryFix[], index: number, partIndex: number): boolean {
  return fixes.some(
    (fix) =>
      fix.messageIndex === index && (fix.partIndex === undefined || fix.partIndex === partIndex),
  );
}

/** True when a fix says it took the input part from where it was (moved, dropped, made text). */
function takesFrom(fixes: readonly HistoryFix[], index: number, partIndex: number): boolean {
  return fixes.some(
    (fix) =>
      'fromIndex' in fix &&
      'fromPartIndex' in fix &&
      fix.fromIndex === index &&
      fix.fromPartIndex === partIndex,
  );
}

function responseId(part: Part): string {
  const id = (part.functionResponse as Part | undefined)?.id;
  return typeof id === 'string' ? id : '';
}

/** Takes the input part `part` was before it got an id: none, or an empty one. */
function takeWithoutId(parts: Bag, part: Part): boolean {
  const response = { ...(part.functionResponse as Part) };
  delete response.id;
  return (
    parts.take(canonical({ ...part, functionResponse: response })) ||
    parts.take(canonical({ ...part, functionResponse: { ...response, id: '' } }))
  );
}

function withoutSignature(part: Part): Part {
  const rest = { ...part };
  delete rest.thoughtSignature;
  return rest;
}

describe('repairHistory on Gemini contents with optional, made-up and repeated ids', () => {
  test.prop([contents])('the output validates', (messages) => {
    const { messages: repaired, warnings } = repairHistory(messages, { format: 'gemini' });
    expectRepaired(repaired, warnings, { format: 'gemini' });
  });

  test.prop([contents])('repair is idempotent', (messages) => {
    const once = repairHistory(messages, { format: 'gemini' }).messages;
    expect(repairHistory(once, { format: 'gemini' })).toEqual({
      messages: once,
      fixes: [],
      warnings: [],
    });
  });

  test.prop([contents])(
    'changes only what a fix names: other parts are kept, untouched contents byte-identical',
    (messages) => {
      const before = JSON.stringify(messages);
      const { messages: repaired, fixes, warnings } = repairHistory(messages, { format: 'gemini' });
      expect(JSON.stringify(messages)).toBe(before);
      // Still tolerated, two changes no fix names. The writer gives a rewritten model turn without a signature the
      // skip-validator placeholder on its first call, and says so in a warning (not a fix).
      // And a response without an id (or with an empty one) is written with its call's id when
      // that id was rewritten as a duplicate and another response of its content carried it: the
      // reader's warnings do not say which of the two had none.
      const duplicated = new Set(
        fixes.flatMap((fix) => (fix.kind === 'rewrote-call-id' ? [fix.from] : [])),
      );
      const signed = new Set(
        warnings.flatMap((warning) =>
          warning.code === 'synthesized-thought-signature' ? [warning.messageIndex] : [],
        ),
      );
      const output = repaired as Content[];
      // Contents kept whole come back as they were, key order included: once those that come
      // back byte for byte are matched, no other input content comes back rewritten.
      const exact = new Bag();
      const loose = new Bag();
      for (const content of messages) {
        exact.add(JSON.stringify(content));
        loose.add(canonical(content));
      }
      const rest = output.filter((content) => {
        if (!exact.take(JSON.stringify(content))) return true;
        loose.take(canonical(content));
        return false;
      });
      // A fix that takes a part from a content touches both contents: the one it leaves (written
      // anew without the part) and the one it puts the part in. Neither is an untouched content.
      const taken = fixes.flatMap((fix) => {
        if (!('fromIndex' in fix) || !('fromPartIndex' in fix)) return [];
        const from = messages[fix.fromIndex];
        const part = from?.parts[fix.fromPartIndex];
        if (from === undefined || part === undefined) return [];
        const left = from.parts.filter((_, partIndex) => partIndex !== fix.fromPartIndex);
        return [{ left: canonical({ ...from, parts: left }), part: canonical(part) }];
      });
      const touched = (content: Content): boolean =>
        taken.some(
          ({ left, part }) =>
            canonical(content) === left || content.parts.some((own) => canonical(own) === part),
        );
      for (const content of rest)
        if (!touched(content))
          expect(loose.take(canonical(content)), `rewritten: ${JSON.stringify(content)}`).toBe(
            false,
          );
      // Every part of the output is a part of the input, or a fix names it.
      const inputParts = new Bag();
      for (const content of messages)
        for (const part of content.parts) inputParts.add(canonical(part));
      // Parts a fix names may be anything: they count as changed in place.
      let changedInPlace = 0;
      const unnamed: [Part, number, number][] = [];
      output.forEach((content, index) => {
        content.parts.forEach((part, partIndex) => {
          // A rewritten id is rewritten in the call and in every response that answers it.
          const function_ = (part.functionCall ?? part.functionResponse) as Part | undefined;
          const rewritten = fixes.some(
            (fix) => fix.kind === 'rewrote-call-id' && fix.to === function_?.id,
          );
          if (rewritten || namesPart(fixes, index, partIndex)) changedInPlace++;
          else unnamed.push([part, index, partIndex]);
        });
      });
      // Exact matches first, so a tolerated change does not take another part's match.
      const inexact = unnamed.filter(([part]) => !inputParts.take(canonical(part)));
      const changed = inexact.filter(
        ([part, index]) =>
          !(
            signed.has(index) &&
            part.thoughtSignature === SKIP_THOUGHT_SIGNATURE &&
            inputParts.take(canonical(withoutSignature(part)))
          ) && !(duplicated.has(responseId(part)) && takeWithoutId(inputParts, part)),
      );
      changedInPlace += inexact.length - changed.length;
      expect(
        changed.map(
          ([part, index, partIndex]) =>
            `contents[${String(index)}].parts[${String(partIndex)}] ${canonical(part)}`,
        ),
        'parts changed without a fix',
      ).toEqual([]);
      // Every part of the input is in the output, or a fix took it, or changed it in place.
      const outputParts = new Bag();
      for (const content of output)
        for (const part of content.parts) outputParts.add(canonical(part));
      let missing = 0;
      messages.forEach((content, index) => {
        content.parts.forEach((part, partIndex) => {
          if (!outputParts.take(canonical(part)) && !takesFrom(fixes, index, partIndex)) missing++;
        });
      });
      expect(missing, 'input parts gone without a fix').toBeLessThanOrEqual(changedInPlace);
    },
  );
});
