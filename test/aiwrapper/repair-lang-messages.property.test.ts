import { LangMessage, LangMessages, type LangMessageItem } from 'aiwrapper';
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { repairLangMessages } from '../../src/aiwrapper/repair-lang-messages.js';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import type { HistoryMessage } from '../../src/core/history.js';
import { toAiwrapper } from '../../src/formats/aiwrapper/to-aiwrapper.js';
import { repairHistory } from '../../src/repair/repair-history.js';
import { arbitraryBrokenHistory } from '../arbitraries/broken-history.js';
import { arbitraryHistory, FORMAT_FEATURES } from '../arbitraries/history.js';
import { plain } from '../helpers/lang-messages.js';

const features = FORMAT_FEATURES.aiwrapper;

/**
 * Valid histories (every call answered) with the shapes some providers refuse: text after calls,
 * results named after another tool, call turns after model text, user messages after results.
 */
const arbitraryValid = fc
  .tuple(arbitraryHistory({ ...features, answerAll: true }), fc.nat(), fc.boolean())
  .map(([history, seed, rename]) =>
    rename ? history.map((message, index) => renamed(message, index + seed)) : history,
  );

/** Results renamed now and then, so Gemini's rule that names match is met and broken. */
function renamed(message: HistoryMessage, seed: number): HistoryMessage {
  if (message.role !== 'tool' || seed % 3 !== 0) return message;
  return { ...message, results: message.results.map((result) => ({ ...result, name: 'other' })) };
}

const arbitraryNeutral = fc.oneof(
  arbitraryValid,
  arbitraryBrokenHistory(features).map(({ history }) => history),
);

function collectionOf(history: HistoryMessage[]): LangMessages {
  const { messages } = toAiwrapper(history.filter((message) => message.role !== 'system'));
  return new LangMessages(
    messages.map(
      (message) => new LangMessage(message.role, message.items as LangMessageItem[], message.meta),
    ),
  );
}

const providers = fc.constantFrom(...MESSAGE_FORMATS);

test.prop([arbitraryNeutral, providers])(
  'repairLangMessages makes the same changes as repairHistory, for every provider',
  (history, provider) => {
    const collection = collectionOf(history);
    const expected = repairHistory(Array.from(collection), { format: 'aiwrapper', provider });
    const actual = repairLangMessages(collection, { provider });
    expect(actual.fixes).toEqual(expected.fixes);
    expect(actual.warnings).toEqual(expected.warnings);
    expect(plain(collection)).toEqual(
      plain(
        new LangMessages(
          expected.messages.map(
            (message) =>
              new LangMessage(message.role, message.items as LangMessageItem[], message.meta),
          ),
        ),
      ),
    );
  },
);
