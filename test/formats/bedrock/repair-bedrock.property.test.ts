import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { writeFormat } from '../../../src/repair/format-io.js';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { arbitraryBrokenHistory } from '../../arbitraries/broken-history.js';
import { FORMAT_FEATURES } from '../../arbitraries/history.js';

const model = 'anthropic.claude-3-5-sonnet-20240620-v1:0';

/** A Bedrock message as the tests build them. */
interface Message {
  readonly role: string;
  readonly content: readonly Record<string, unknown>[];
}

/**
 * Broken Bedrock histories where, besides the neutral damage, the user messages that hold results
 * may have their text moved in front of the results (which only Claude refuses).
 */
const broken = fc
  .tuple(arbitraryBrokenHistory(FORMAT_FEATURES.bedrock), fc.array(fc.boolean(), { maxLength: 20 }))
  .map(([{ history }, flips]) =>
    (writeFormat(history, 'bedrock', new Set()) as Message[]).map((message, index) => {
      if (message.role !== 'user' || flips[index % Math.max(flips.length, 1)] !== true)
        return message;
      const texts = message.content.filter((block) => block.toolResult === undefined);
      const results = message.content.filter((block) => block.toolResult !== undefined);
      return { ...message, content: [...texts, ...results] };
    }),
  );

describe('repairHistory on broken Bedrock histories bound for a Claude model', () => {
  test.prop([broken])('the output validates for that model', (messages) => {
    const { messages: repaired } = repairHistory(messages, { format: 'bedrock', model });
    expect(validateHistory(repaired, { format: 'bedrock', model })).toEqual({
      ok: true,
      issues: [],
    });
  });

  test.prop([broken])('repair is idempotent', (messages) => {
    const once = repairHistory(messages, { format: 'bedrock', model }).messages;
    expect(repairHistory(once, { format: 'bedrock', model })).toEqual({
      messages: once,
      fixes: [],
      warnings: [],
    });
  });

  test.prop([broken])('a repaired history comes back as its own message objects', (messages) => {
    const once = repairHistory(messages, { format: 'bedrock', model }).messages;
    const twice = repairHistory(once, { format: 'bedrock', model }).messages;
    expect(twice.length).toBe(once.length);
    twice.forEach((message, index) => {
      expect(message).toBe(once[index]);
    });
  });
});
