import { test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { repairHistory } from '../../../src/repair/repair-history.js';
import { validateHistory } from '../../../src/validate/validate-history.js';
import { arbitraryServerToolHistory } from '../../arbitraries/anthropic-server-tools.js';

const anthropic = { format: 'anthropic' } as const;

const serverBlocks = (messages: readonly unknown[]): unknown[] =>
  messages.flatMap((message) => {
    const content = (message as { content: unknown }).content;
    return Array.isArray(content)
      ? (content as { type: string; id?: string }[]).filter(
          (block: { type: string; id?: string }) =>
            /^(server_tool_use|mcp_tool_use|.+_tool_result)$/.test(block.type) ||
            (block.type === 'tool_use' && /^(srvtoolu|mcptoolu)_/.test(block.id ?? '')),
        )
      : [];
  });

test.prop([arbitraryServerToolHistory()])('repair output validates', (messages) => {
  const { messages: repaired } = repairHistory(messages, anthropic);
  expect(validateHistory(repaired, anthropic)).toEqual({ ok: true, issues: [] });
});

test.prop([arbitraryServerToolHistory()])('repair is idempotent', (messages) => {
  const once = repairHistory(messages, anthropic).messages;
  expect(repairHistory(once, anthropic)).toEqual({ messages: once, fixes: [], warnings: [] });
});

test.prop([arbitraryServerToolHistory()])(
  'a server block leaves only with a fix that holds it; a valid history comes back as is',
  (messages) => {
    const repaired = repairHistory(messages, anthropic);
    if (validateHistory(messages, anthropic).ok) {
      expect(repaired.fixes).toEqual([]);
      repaired.messages.forEach((message, index) => {
        expect(message).toBe(messages[index]);
      });
      return;
    }
    const kept = new Set(serverBlocks(repaired.messages));
    const dropped = new Set(
      repaired.fixes.flatMap((fix) => (fix.kind === 'dropped-server-block' ? [fix.block] : [])),
    );
    const restored = repaired.fixes.filter((fix) => fix.kind === 'restored-server-call');
    for (const block of serverBlocks(messages))
      if (!kept.has(block) && !dropped.has(block))
        expect(restored.map((fix) => 'block' in fix && fix.block)).toContain(block);
  },
);
