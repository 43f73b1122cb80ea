import { fc } from '@fast-check/vitest';
import type { HistoryMessage } from '../../src/core/history.js';
import { toAiwrapper } from '../../src/formats/aiwrapper/to-aiwrapper.js';
import { arbitraryBrokenHistory } from './broken-history.js';
import { arbitraryHistory, FORMAT_FEATURES } from './history.js';

const features = FORMAT_FEATURES.aiwrapper;

/** A neutral history as aiwrapper messages (aiwrapper keeps its system prompt outside them). */
function wire(history: readonly HistoryMessage[]): unknown[] {
  return toAiwrapper(history.filter((message) => message.role !== 'system')).messages;
}

/** Valid aiwrapper messages as the writer makes them: every call answered. */
export const arbitraryValidAiwrapperMessages: fc.Arbitrary<unknown[]> = arbitraryHistory({
  ...features,
  answerAll: true,
}).map(wire);

/** aiwrapper messages as the writer makes them: valid, with results missing, broken (orphans included). */
export const arbitraryAiwrapperMessages: fc.Arbitrary<unknown[]> = fc.oneof(
  arbitraryValidAiwrapperMessages,
  arbitraryHistory(features).map(wire),
  arbitraryBrokenHistory(features).map(({ history }) => wire(history)),
);
