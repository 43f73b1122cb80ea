import { test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { arbitraryHistory, FORMAT_FEATURES } from '../../arbitraries/history.js';
import { roundTrip, withoutSourceIndex } from '../../helpers/round-trip.js';

test.prop([arbitraryHistory(FORMAT_FEATURES.gemini)])(
  'from(to(history)) is the history, with no warnings',
  (history) => {
    const { history: back, warnings } = roundTrip('gemini', history);
    expect({ history: withoutSourceIndex(back), warnings }).toEqual({ history, warnings: [] });
  },
);
