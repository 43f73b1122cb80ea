import type { ConversationView } from '../../src/view/conversation-view.js';

/** What a view page holds: its elements that run or style, its CSP, and its data parsed back. */
export interface PageParts {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
  readonly csp: string | undefined;
  readonly conversations: readonly ConversationView[];
  /** The index the page loads first. */
  readonly index: readonly unknown[];
}

/** Takes a page apart by its markup, as a browser would find the elements. */
export function pageParts(html: string): PageParts {
  const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]);
  const styles = [...html.matchAll(/<style\b[^>]*>/gi)].map((match) => match[0]);
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  // Each conversation is its own JSON element, `view-0`, `view-1`, …, beside the index.
  const elements = new Map(
    [
      ...html.matchAll(/<script type="application\/json" id="view-(\w+)">([\s\S]*?)<\/script>/gi),
    ].map((match) => [match[1], match[2] ?? '']),
  );
  const index = JSON.parse(elements.get('index') ?? '[]') as unknown[];
  const conversations = index.map(
    (_, at) => JSON.parse(elements.get(String(at)) ?? 'null') as ConversationView,
  );
  return { scripts, styles, csp, conversations, index };
}
