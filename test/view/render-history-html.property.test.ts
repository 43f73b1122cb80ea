import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { MESSAGE_FORMATS } from '../../src/core/format.js';
import type { HistoryMessage } from '../../src/core/history.js';
import { writeFormat } from '../../src/repair/format-io.js';
import { conversationView } from '../../src/view/conversation-view.js';
import { renderHistoryHtml } from '../../src/view/render-history-html.js';
import { arbitraryBrokenHistory } from '../arbitraries/broken-history.js';
import { FORMAT_FEATURES } from '../arbitraries/history.js';
import { hostileText } from '../arbitraries/hostile-values.js';
import { numRuns } from '../setup/num-runs.js';
import { pageParts } from './view-page.js';

const RUNS = { numRuns: numRuns(25) };

/** Puts hostile strings in every text, tool name and string result of `history`, in turn. */
function withHostile(
  history: readonly HistoryMessage[],
  texts: readonly string[],
): HistoryMessage[] {
  let next = 0;
  const pick = (): string => texts[next++ % texts.length] ?? '';
  return history.map((message): HistoryMessage => {
    switch (message.role) {
      case 'system':
        return { ...message, text: pick() };
      case 'tool':
        return {
          ...message,
          results: message.results.map((result) =>
            typeof result.content === 'string' ? { ...result, content: pick() } : result,
          ),
        };
      case 'user':
        return { ...message, parts: message.parts.map((part) => ({ ...part, text: pick() })) };
      case 'assistant':
        return {
          ...message,
          parts: message.parts.map((part) =>
            part.type === 'text'
              ? { ...part, text: pick() }
              : part.type === 'tool-call'
                ? { ...part, name: pick() }
                : part,
          ),
        };
    }
  });
}

describe.each(MESSAGE_FORMATS)(
  'renderHistoryHtml on broken %s histories with hostile text',
  (format) => {
    const messages = fc
      .tuple(
        arbitraryBrokenHistory(FORMAT_FEATURES[format]),
        fc.array(hostileText(), { minLength: 1, maxLength: 6 }),
      )
      .map(
        ([{ history }, texts]) =>
          writeFormat(withHostile(history, texts), format, new Set()) as unknown[],
      );
    const title = hostileText();

    test.prop([messages, title], RUNS)(
      'the page has only its own nonce-d script and style, under a CSP that allows only them',
      (history, heading) => {
        const html = renderHistoryHtml(history, { format, title: heading });
        const { scripts, styles, csp } = pageParts(html);
        const nonce = /'nonce-([0-9a-f]{32})'/.exec(csp ?? '')?.[1];
        expect(csp).toBe(
          `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src data:; base-uri 'none'; form-action 'none'`,
        );
        expect({ scripts, styles }).toEqual({
          scripts: [
            '<script type="application/json" id="view-0">',
            '<script type="application/json" id="view-index">',
            `<script nonce="${nonce}">`,
          ],
          styles: [`<style nonce="${nonce}">`],
        });
        expect(html.match(/<\/script/gi)).toHaveLength(3);
        expect(html.match(/<\/style/gi)).toHaveLength(1);
        // Outside the JSON payloads and the escaped title, nothing of the hostile content appears.
        const outside = html
          .replace(/id="view-\w+">[\s\S]*?<\/script>/g, '')
          .replace(/<title>[^<]*<\/title>|<h1>[^<]*<\/h1>/g, '');
        expect(outside).not.toContain('pwned');
      },
    );

    test.prop([messages, title], RUNS)(
      'the JSON payload parses back to the page model, with every message as it was',
      (history, heading) => {
        const html = renderHistoryHtml(history, { format, title: heading });
        const { conversations, index } = pageParts(html);
        const expected = conversationView(history, { format, title: heading });
        expect(conversations).toEqual([JSON.parse(JSON.stringify(expected))]);
        // The index the page loads first: what the list, the filter and the search need.
        expect(index).toEqual([
          JSON.parse(
            JSON.stringify({
              title: heading,
              issues: expected.issues.length,
              error: expected.error !== undefined,
              keys: expected.keys,
            }),
          ),
        ]);
        expect(conversations[0]?.messages.map((message) => message.raw)).toEqual(
          JSON.parse(JSON.stringify(history)),
        );
        expect(conversations[0]?.title).toBe(heading);
      },
    );
  },
);
