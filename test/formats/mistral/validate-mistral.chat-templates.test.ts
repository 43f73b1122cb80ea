import { describe, expect, it } from 'vitest';
import { validateMistral } from '../../../src/formats/mistral/validate-mistral.js';
import {
  chatTemplatesAvailable,
  chatTemplateHistories as histories,
  readChatTemplateFile as read,
  renderChatTemplate as render,
} from '../../helpers/chat-templates.js';

const ID_CHECK = 'Tool call IDs should be alphanumeric strings with length 9!';

describe
  .skipIf(!chatTemplatesAvailable)
  .each(['mistral-nemo-instruct-2407.jinja', 'mistral-small-3.2-24b-instruct-2506.jinja'])(
  '%s',
  (file) => {
    const template = read(file);

    it('raises its id check on exactly the cases where validateMistral reports an id-format issue', () => {
      const raisedIdCheck: string[] = [];
      for (const [name, messages] of Object.entries(histories.cases)) {
        try {
          render(template, messages);
        } catch (error) {
          if ((error as Error).message === ID_CHECK) raisedIdCheck.push(name);
        }
      }
      const reported = Object.entries(histories.cases)
        .filter(([, messages]) =>
          validateMistral(messages).issues.some((issue) => issue.code === 'invalid-tool-call-id'),
        )
        .map(([name]) => name);
      expect(raisedIdCheck.sort()).toEqual(['d1_single_bad_id', 'd_bad_id_format']);
      expect(reported.sort()).toEqual(raisedIdCheck.sort());
    });
  },
);
