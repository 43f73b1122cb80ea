import { fc } from '@fast-check/vitest';

// Responses `input` arrays with every kind of call item the pairing table knows, each answered
// or not, outputs after their call or with no call at all, and item ids with and without their prefix.

const KINDS = [
  { call: 'function_call', output: 'function_call_output' },
  { call: 'custom_tool_call', output: 'custom_tool_call_output' },
  { call: 'local_shell_call', output: 'local_shell_call_output' },
  { call: 'shell_call', output: 'shell_call_output' },
  { call: 'apply_patch_call', output: 'apply_patch_call_output' },
] as const;

function callItem(kind: (typeof KINDS)[number]['call'], callId: string, id: string | undefined) {
  const base = id === undefined ? {} : { id };
  switch (kind) {
    case 'function_call':
      return { ...base, type: kind, call_id: callId, name: 'now', arguments: '{}' };
    case 'custom_tool_call':
      return { ...base, type: kind, call_id: callId, name: 'patch', input: 'x' };
    case 'local_shell_call':
      return {
        ...base,
        type: kind,
        call_id: callId,
        status: 'completed',
        action: { type: 'exec', command: ['ls'], env: {} },
      };
    case 'shell_call':
      return {
        ...base,
        type: kind,
        call_id: callId,
        status: 'completed',
        action: { commands: ['ls'] },
      };
    case 'apply_patch_call':
      return {
        ...base,
        type: kind,
        call_id: callId,
        status: 'completed',
        operation: { type: 'delete_file', path: 'a' },
      };
  }
}

function outputItem(kind: (typeof KINDS)[number]['output'], callId: string) {
  switch (kind) {
    case 'shell_call_output':
      return {
        type: kind,
        call_id: callId,
        output: [{ stdout: 'ok', stderr: '', outcome: { type: 'exit', exit_code: 0 } }],
      };
    case 'apply_patch_call_output':
      return { type: kind, call_id: callId, status: 'completed' };
    default:
      return { type: kind, call_id: callId, output: 'ok' };
  }
}

const PREFIX: Readonly<Record<string, string>> = { function_call: 'fc_', custom_tool_call: 'ctc_' };

/** A Responses input with calls of every pairable kind, some answered, some not, and stray outputs. */
export function arbitraryResponsesItems(): fc.Arbitrary<Record<string, unknown>[]> {
  const round = fc.record({
    calls: fc.array(
      fc.record({
        kind: fc.constantFrom(...KINDS),
        answered: fc.boolean(),
        id: fc.constantFrom('good', 'bad', 'none'),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    orphan: fc.option(fc.constantFrom(...KINDS), { freq: 3 }),
  });
  return fc.array(round, { minLength: 1, maxLength: 3 }).map((rounds) => {
    const input: Record<string, unknown>[] = [];
    let next = 0;
    for (const { calls, orphan } of rounds) {
      input.push({ type: 'message', role: 'user', content: 'go' });
      const ids = calls.map(() => `call_${String(next++)}`);
      calls.forEach(({ kind, id }, at) => {
        const prefix = PREFIX[kind.call];
        const itemId =
          id === 'none' || prefix === undefined
            ? undefined
            : id === 'good'
              ? `${prefix}${String(at)}`
              : `x_${String(at)}`;
        input.push(callItem(kind.call, ids[at] ?? '', itemId));
      });
      calls.forEach(({ kind, answered }, at) => {
        if (answered) input.push(outputItem(kind.output, ids[at] ?? ''));
      });
      if (orphan !== null) input.push(outputItem(orphan.output, `call_orphan_${String(next++)}`));
    }
    return input;
  });
}
