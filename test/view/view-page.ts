import type { ConversationView } from '../../src/view/conversation-view.js';

/** What a view page holds: its elements that run or style, its CSP, and its data parsed back. */
export interface PageParts {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
  readonly csp: string | undefined;
  readonly conversations: readonly ConversationView[];
}

/** Takes a page apart by its markup, as a browser would find the elements. */
export function pageParts(html: string): PageParts {
  const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]);
  const styles = [...html.matchAll(/<style\b[^>]*>/gi)].map((match) => match[0]);
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  const data = /<script type="application\/json" id="view-data">([\s\S]*?)<\/script>/i.exec(html);
  const parsed = JSON.parse(data?.[1] ?? '{"conversations":[]}') as {
    conversations: ConversationView[];
  };
  return { scripts, styles, csp, conversations: parsed.conversations };
}
