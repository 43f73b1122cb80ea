// One self-contained HTML page: the data as escaped JSON, the page's own style and script under a
// nonce, and a Content-Security-Policy that forbids anything else (no network, no other code).
import type { MessageFormat } from '../core/format.js';
import type { ProviderName } from '../validate/validate-history.js';
import { isObject } from '../core/input-guards.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { conversationView, type ConversationView } from './conversation-view.js';
import { PAGE_STYLE } from './page-style.js';
import { viewPageScript } from './page-script.js';

/** Options of {@link renderHistoryHtml}. */
export interface RenderHistoryHtmlOptions {
  /** The format `messages` are in. @defaultValue `'openai-chat'` */
  readonly format?: MessageFormat | undefined;
  /** Whose rules the issues and the repaired view follow. @defaultValue the format's own */
  readonly provider?: ProviderName | undefined;
  /** The model the request goes to, for model-specific rules. */
  readonly model?: string | undefined;
  /** Extended thinking (Anthropic) or thinking mode (DeepSeek) is on. */
  readonly thinking?: boolean | undefined;
  /** The page's title. @defaultValue `'Tool-call history'` */
  readonly title?: string | undefined;
}

/** One conversation of a page of several: its messages, in the page's format, and its title. */
export interface ViewedConversation {
  readonly messages: readonly unknown[];
  /** @defaultValue `#1`, `#2`, … */
  readonly title?: string | undefined;
}

/**
 * Renders a conversation, or `{ conversations }` for a page of several with an index, as one
 * self-contained HTML page (inline style and script, no network): the timeline in the provider's
 * own roles, each call beside its result, every validation issue at its message with the fix
 * `repairHistory` would make, and a toggle to the repaired history. Runs in browsers too. A
 * history that cannot be read is shown with the reason, never thrown.
 * @throws {UnsupportedFormatError} when `options.format` names no known format.
 * @throws {ToolHistoryError} `invalid-input` when `input` is neither an array of messages nor
 *   `{ conversations: [{ messages }] }`.
 * @example
 * writeFileSync('view.html', renderHistoryHtml(body.messages, { format: 'anthropic' }));
 */
export function renderHistoryHtml(
  input: readonly unknown[] | { readonly conversations: readonly ViewedConversation[] },
  options: RenderHistoryHtmlOptions = {},
): string {
  const { title = 'Tool-call history', ...rest } = options;
  const conversations: unknown = isMessages(input)
    ? [{ messages: input, title }]
    : isObject(input)
      ? input.conversations
      : undefined;
  if (!Array.isArray(conversations) || !conversations.every(isConversation))
    throw new ToolHistoryError(
      'invalid-input',
      'renderHistoryHtml takes an array of messages, or { conversations: [{ messages, title? }] }.',
    );
  const views = conversations.map((conversation, index) =>
    conversationView(conversation.messages, {
      ...rest,
      title: conversation.title ?? `#${String(index + 1)}`,
    }),
  );
  return renderViewPage(views, { title });
}

function isMessages(input: unknown): input is readonly unknown[] {
  return Array.isArray(input);
}

function isConversation(value: unknown): value is ViewedConversation {
  return (
    isObject(value) &&
    Array.isArray(value.messages) &&
    (value.title === undefined || typeof value.title === 'string')
  );
}

/** What the page's index holds of one conversation; the rest is parsed when it is opened. */
export interface ViewIndexEntry {
  readonly title: string;
  readonly issues: number;
  readonly error: boolean;
  readonly keys: readonly string[];
}

/**
 * The page for many conversations, piece by piece so a 100 MB input need not become one string:
 * `head`, then `conversation(view)` for each view (its own JSON element, parsed only when opened),
 * then `tail()` (the small index the page loads first, and the script).
 */
export function viewPageParts(options: { readonly title: string; readonly nonce?: string }): {
  readonly head: string;
  conversation(view: ConversationView): string;
  tail(): string;
} {
  const nonce = options.nonce ?? randomNonce();
  const csp = `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src data:; base-uri 'none'; form-action 'none'`;
  const title = escapeHtml(options.title);
  const index: ViewIndexEntry[] = [];
  const head = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style nonce="${nonce}">${PAGE_STYLE}</style></head>
<body>
<header><h1>${title}</h1><p id="summary" aria-live="polite"></p></header>
<div class="layout">
<nav aria-label="Conversations" id="index">
<label>Search tool name or call id <input type="search" id="search" autocomplete="off"></label>
<label class="check"><input type="checkbox" id="broken"> Only broken</label>
<p id="count" aria-live="polite"></p>
<ol id="list"></ol>
<div class="pager"><button type="button" id="previous">Previous</button><span id="page"></span><button type="button" id="next">Next</button></div>
</nav>
<main id="main" tabindex="-1"><p>Loading…</p></main>
</div>
`;
  return {
    head,
    conversation: (view) => {
      const { title: name, issues, error, keys } = view;
      const at = index.push({
        title: name,
        issues: issues.length,
        error: error !== undefined,
        keys,
      });
      return `<script type="application/json" id="view-${String(at - 1)}">${scriptSafeJson(view)}</script>\n`;
    },
    tail: () => `<script type="application/json" id="view-index">${scriptSafeJson(index)}</script>
<script nonce="${nonce}">${NAME_SHIM}(${viewPageScript.toString()})();</script>
</body></html>
`,
  };
}

// Run through tsx or esbuild with keepNames, the script's source text calls `__name`.
const NAME_SHIM = 'var __name = function (f) { return f; };';

/** The page of `views`, as one string. */
export function renderViewPage(
  views: readonly ConversationView[],
  options: { readonly title: string },
): string {
  const page = viewPageParts(options);
  return page.head + views.map((view) => page.conversation(view)).join('') + page.tail();
}

/** JSON that cannot end a `<script>` element: `<`, `>`, `&` and the JS line separators escaped. */
export function scriptSafeJson(value: unknown): string {
  // JSON.stringify escapes lone surrogates itself (well-formed JSON.stringify, ES2019).
  return ((JSON.stringify(value) as string | undefined) ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function escapeHtml(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function randomNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
