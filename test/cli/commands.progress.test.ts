import { describe, expect, it } from 'vitest';
import { createProgressReporter } from '../../src/cli/each-conversation.js';

function recorder(isTTY: boolean): {
  stream: { isTTY: boolean; write: (text: string) => boolean };
  written: string[];
} {
  const written: string[] = [];
  return { stream: { isTTY, write: (text) => written.push(text) > 0 }, written };
}

describe('createProgressReporter', () => {
  it('redraws one line on a terminal once the input is large, at most once per interval, and clears it', () => {
    const { stream, written } = recorder(true);
    let now = 0;
    const progress = createProgressReporter(stream, {
      totalBytes: 4_194_304,
      threshold: 2,
      intervalMs: 100,
      now: () => now,
    });
    progress.update(1, 1_048_576);
    progress.update(2, 2_097_152);
    now = 50;
    progress.update(3, 3_145_728);
    now = 150;
    progress.update(4, 4_194_304);
    progress.done();
    expect(written).toEqual([
      '\r\x1b[K2 conversations, 2.0 MB (50%)',
      '\r\x1b[K4 conversations, 4.0 MB (100%)',
      '\r\x1b[K',
    ]);
  });

  it('is silent when the stream is not a terminal', () => {
    const { stream, written } = recorder(false);
    const progress = createProgressReporter(stream, { threshold: 0 });
    progress.update(5000, 1);
    progress.done();
    expect(written).toEqual([]);
  });
});
