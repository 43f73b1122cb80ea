import { expectTypeOf, test } from 'vitest';
import type { ConversionWarning, HistoryFix, HistoryIssue } from '../../src/index.js';

test('reasoning issues narrow by code', () => {
  const issue = {} as HistoryIssue;
  if (issue.code === 'missing-reasoning') {
    expectTypeOf(issue).toEqualTypeOf<Extract<HistoryIssue, { code: 'missing-reasoning' }>>();
    expectTypeOf(issue.toolCallIds).toEqualTypeOf<readonly string[]>();
    expectTypeOf(issue.reasoningId).toEqualTypeOf<string | undefined>();
  }
  if (issue.code === 'orphan-reasoning') {
    expectTypeOf(issue).toEqualTypeOf<Extract<HistoryIssue, { code: 'orphan-reasoning' }>>();
    expectTypeOf(issue.reasoningId).toEqualTypeOf<string>();
  }
});

test('reasoning fixes narrow by kind and keep what they undo', () => {
  const fix = {} as HistoryFix;
  if (fix.kind === 'dropped-reasoning') expectTypeOf(fix.item).toEqualTypeOf<unknown>();
  if (fix.kind === 'moved-reasoning') expectTypeOf(fix.fromPartIndex).toEqualTypeOf<number>();
  if (fix.kind === 'stripped-item-id') expectTypeOf(fix.itemId).toEqualTypeOf<string>();
});

test('conversion warnings name dropped and missing reasoning', () => {
  expectTypeOf<'dropped-reasoning'>().toExtend<ConversionWarning['code']>();
  expectTypeOf<'unrepaired-issue'>().toExtend<ConversionWarning['code']>();
});
