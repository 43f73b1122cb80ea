import { describe, expect, it } from 'vitest';
import { validateOpenAIChat } from '../../../src/formats/openai-chat/validate-openai-chat.js';
import {
  chatTemplatesAvailable,
  chatTemplateHistories as histories,
  readChatTemplateFile as read,
  renderChatTemplate as render,
} from '../../helpers/chat-templates.js';

// Needs ../shared/chat-templates: skipped, with a printed reason, in a clone on its own.
const withTemplates = describe.skipIf(!chatTemplatesAvailable);

/** What OpenAI does with each case of histories.json (README of shared/chat-templates). */
const OPENAI_VERDICT: Readonly<Record<string, 'valid' | 'invalid'>> = {
  a_valid: 'valid',
  a_valid_named: 'valid',
  a_valid_single: 'valid',
  a_valid_nullcontent: 'valid',
  d_bad_id_format: 'valid',
  d1_single_bad_id: 'valid',
  b_orphan_after_user: 'invalid',
  b2_orphan_after_text: 'invalid',
  c_missing_one_result: 'invalid',
  c2_no_results_then_user: 'invalid',
  c1_single_no_result: 'invalid',
  e_duplicate_result: 'invalid',
  e1_single_duplicate: 'invalid',
  f_unknown_id: 'invalid',
};

/** The issue codes we expect per invalid case, as OpenAI's checks meet them. */
const EXPECTED_CODES: Readonly<Record<string, readonly string[]>> = {
  b_orphan_after_user: ['orphan-tool-result'],
  b2_orphan_after_text: ['orphan-tool-result'],
  c_missing_one_result: ['missing-tool-result'],
  c2_no_results_then_user: ['missing-tool-result'],
  c1_single_no_result: ['missing-tool-result'],
  // The repeated result follows the first in the same run of tool messages: OpenAI names both
  // ("Duplicate value for 'tool_call_id' of …, in messages[3] and messages[4]", agno-agi/agno#5116).
  e_duplicate_result: ['duplicate-tool-call-id'],
  e1_single_duplicate: ['duplicate-tool-call-id'],
  f_unknown_id: ['unknown-tool-call-id', 'missing-tool-result'],
};

withTemplates('validateOpenAIChat against the shared chat-template histories', () => {
  it('covers exactly the cases of histories.json', () => {
    expect(Object.keys(histories.cases).sort()).toEqual(Object.keys(OPENAI_VERDICT).sort());
  });

  it.each(Object.keys(OPENAI_VERDICT))('agrees with OpenAI on %s', (name) => {
    const messages = histories.cases[name];
    expect(messages).toBeDefined();
    const result = validateOpenAIChat(messages ?? []);
    expect(result.ok ? 'valid' : 'invalid').toBe(OPENAI_VERDICT[name]);
    expect(result.issues.map((issue) => issue.code)).toEqual(EXPECTED_CODES[name] ?? []);
  });
});

withTemplates.each(['gpt-oss-120b.jinja', 'minimax-m2.jinja'])('%s', (file) => {
  const template = read(file);
  const ORPHAN_CHECK =
    'Message has tool role, but there was no previous assistant message with a tool call!';

  it('raises its orphan check on exactly the cases our validator reports as orphans', () => {
    const raised: string[] = [];
    for (const [name, messages] of Object.entries(histories.cases)) {
      try {
        render(template, messages);
      } catch (error) {
        expect((error as Error).message).toBe(ORPHAN_CHECK);
        raised.push(name);
      }
    }
    expect(raised.sort()).toEqual(['b2_orphan_after_text', 'b_orphan_after_user']);
    const orphans = Object.entries(histories.cases)
      .filter(([, messages]) =>
        validateOpenAIChat(messages).issues.every((issue) => issue.code === 'orphan-tool-result'),
      )
      .filter(([, messages]) => !validateOpenAIChat(messages).ok)
      .map(([name]) => name);
    // These templates do not look at ids (e/e1 repeat one): they only ask whether an assistant
    // turn with tool calls came before.
    expect(orphans.sort()).toEqual(['b2_orphan_after_text', 'b_orphan_after_user']);
  });

  it.each(Object.keys(OPENAI_VERDICT).filter((name) => OPENAI_VERDICT[name] === 'valid'))(
    'renders the valid case %s, tool results included',
    (name) => {
      const output = render(template, histories.cases[name] ?? []);
      expect(output).toContain('get_weather');
      expect(output).toContain('temp_c');
    },
  );
});
