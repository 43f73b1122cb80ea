import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { CallIdIndex } from '../../src/core/call-id-index.js';

// The index answers what a Map from id to its latest recorded slot answers, whatever is recorded.
test.prop([
  fc.array(fc.record({ id: fc.stringMatching(/^[ab\u00e9]{0,3}$/), record: fc.boolean() }), {
    maxLength: 200,
  }),
])('finds the latest recorded slot of each id, as a Map does', (sites) => {
  const index = new CallIdIndex(sites.map((site) => site.id));
  const latest = new Map<string, number>();
  sites.forEach((site, slot) => {
    expect(index.find(slot)).toBe(latest.get(site.id) ?? -1);
    if (!site.record) return;
    index.record(slot);
    latest.set(site.id, slot);
  });
});
