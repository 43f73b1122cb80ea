import { describe, expect, it } from 'vitest';
import { repairHistory } from '../../src/repair/repair-history.js';
import {
  chatTemplatesAvailable,
  chatTemplateHistories as histories,
  readChatTemplateFile as read,
  renderChatTemplate as render,
} from '../helpers/chat-templates.js';

const CASES = Object.keys(histories.cases).sort();

/** The cases a template raises on, with the messages it raised. */
function raisedBy(
  template: string,
  cases: Readonly<Record<string, readonly object[]>>,
): Record<string, string> {
  const raised: Record<string, string> = {};
  for (const name of CASES) {
    try {
      render(template, cases[name] ?? []);
    } catch (error) {
      raised[name] = (error as Error).message;
    }
  }
  return raised;
}

const ORPHAN_CHECK =
  'Message has tool role, but there was no previous assistant message with a tool call!';
const MISTRAL_ID_CHECK = 'Tool call IDs should be alphanumeric strings with length 9!';
const MISTRAL_ALTERNATION =
  'After the optional system message, conversation roles must alternate user/assistant/user/assistant/...';

describe.skipIf(!chatTemplatesAvailable).each([
  {
    file: 'gpt-oss-120b.jinja',
    format: 'openai-chat',
    raises: { b2_orphan_after_text: ORPHAN_CHECK, b_orphan_after_user: ORPHAN_CHECK },
  },
  {
    file: 'minimax-m2.jinja',
    format: 'openai-chat',
    raises: { b2_orphan_after_text: ORPHAN_CHECK, b_orphan_after_user: ORPHAN_CHECK },
  },
  {
    file: 'mistral-nemo-instruct-2407.jinja',
    format: 'mistral',
    raises: {
      c1_single_no_result: MISTRAL_ALTERNATION,
      c2_no_results_then_user: MISTRAL_ALTERNATION,
      d1_single_bad_id: MISTRAL_ID_CHECK,
      d_bad_id_format: MISTRAL_ID_CHECK,
    },
  },
  {
    file: 'mistral-small-3.2-24b-instruct-2506.jinja',
    format: 'mistral',
    raises: {
      c1_single_no_result: MISTRAL_ALTERNATION,
      c2_no_results_then_user: MISTRAL_ALTERNATION,
      d1_single_bad_id: MISTRAL_ID_CHECK,
      d_bad_id_format: MISTRAL_ID_CHECK,
    },
  },
] as const)('$file', ({ file, format, raises }) => {
  const template = read(file);

  it('raises on the invalid histories the templates README lists', () => {
    expect(raisedBy(template, histories.cases)).toEqual(raises);
  });

  it.each(CASES)(`renders %s once repaired with format '${format}'`, (name) => {
    const { messages } = repairHistory(histories.cases[name] ?? [], { format });
    expect(() => render(template, messages)).not.toThrow();
  });
});
