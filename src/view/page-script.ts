import type { ConversationView, ViewMessage, ViewPart, ViewPath } from './conversation-view.js';
import type { ViewIndexEntry } from './render-history-html.js';

/**
 * The view page's one script, inlined by its source text: it must use nothing outside its body.
 * It loads only the index, parses a conversation's JSON when it is opened, draws one at a time
 * and a paged index, and puts every piece of user data in with `textContent`, never as markup.
 */
export function viewPageScript(): void {
  const PAGE_SIZE = 100;
  const IMAGE_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/;
  const byId = (id: string): HTMLElement => {
    const found = document.getElementById(id);
    if (found === null) throw new Error(`#${id} is missing`);
    return found;
  };
  const all = JSON.parse(byId('view-index').textContent || '[]') as readonly ViewIndexEntry[];
  const load = (index: number): ConversationView =>
    JSON.parse(byId(`view-${String(index)}`).textContent || '{}') as ConversationView;
  const main = byId('main');
  const list = byId('list');
  const search = byId('search') as HTMLInputElement;
  const broken = byId('broken') as HTMLInputElement;
  let shown: number[] = all.map((_, index) => index);
  let page = 0;
  let current = -1;
  let showRepaired = false;

  const make = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className = '',
    text?: string,
  ): HTMLElementTagNameMap[K] => {
    const node = document.createElement(tag);
    if (className !== '') node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  // A message may be `undefined` (JSON.stringify gives no text for it).
  const json = (value: unknown): string =>
    typeof value === 'string' || value === undefined
      ? String(value)
      : JSON.stringify(value, null, 2);
  // A piece kept only in its message's JSON (`at`), shown as conversation-view's clip shows it.
  const SHOWN = 1000;
  const clip = (text: string): string => {
    if (text.length <= SHOWN) return text;
    const end = /[\uD800-\uDBFF]/.test(text.charAt(SHOWN - 1)) ? SHOWN - 1 : SHOWN;
    return `${text.slice(0, end)}… (${(text.length - end).toLocaleString('en-US')} more characters: see the message JSON)`;
  };
  const piece = (stored: unknown, at: ViewPath | undefined, raw: unknown): unknown =>
    at === undefined
      ? stored
      : clip(
          String(
            at.reduce<unknown>(
              (value, key) =>
                typeof value === 'object' && value !== null
                  ? (value as Record<string, unknown>)[key]
                  : undefined,
              raw,
            ),
          ),
        );
  const plural = (count: number, noun: string): string =>
    `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
  const isBroken = (entry: ViewIndexEntry): boolean => entry.issues > 0 || entry.error;
  const collapsible = (label: string, value: unknown, open = false): HTMLDetailsElement => {
    const details = make('details');
    details.append(make('summary', '', label));
    const pre = make('pre');
    details.append(pre);
    // Pretty-printed when first opened: a long history costs nothing until then.
    const fill = (): void => {
      if (details.open && pre.textContent === '') pre.textContent = json(value);
    };
    details.addEventListener('toggle', fill);
    details.open = open;
    fill();
    return details;
  };
  const image = (url: string, alt: string): HTMLElement => {
    if (!IMAGE_URL.test(url)) return make('p', 'muted', '(image not shown: not an inline image)');
    const img = make('img');
    img.alt = alt;
    img.src = url;
    return img;
  };
  const jump = (side: string, index: number, label: string): HTMLButtonElement => {
    const button = make('button', 'jump', label);
    button.type = 'button';
    button.addEventListener('click', () => {
      const target = document.getElementById(`${side}-${String(index)}`);
      if (target === null) return;
      target.scrollIntoView({ block: 'center' });
      target.focus();
      target.classList.add('flash');
      setTimeout(() => {
        target.classList.remove('flash');
      }, 1500);
    });
    return button;
  };

  const drawPart = (part: ViewPart, side: string, where: string, raw: unknown): HTMLElement => {
    if (part.kind === 'text') return make('p', 'text', String(piece(part.text, part.at, raw)));
    if (part.kind === 'call') {
      const box = make('div', `call ${part.status}`);
      const head = make('p');
      head.append(make('strong', '', `Call ${part.name}`), ' ', make('code', '', part.callId));
      const mark =
        part.status === 'pending'
          ? make('span', 'badge bad', 'unanswered: no result')
          : make('span', `badge ${part.status === 'error' ? 'bad' : 'good'}`, part.status);
      head.append(' ', mark);
      box.append(head, collapsible('Arguments', piece(part.arguments, part.at, raw), true));
      if (part.resultIndex !== undefined) {
        box.append(jump(side, part.resultIndex, `Result at ${where}[${String(part.resultIndex)}]`));
        box.append(make('pre', 'paired', json(part.result)));
      }
      return box;
    }
    if (part.kind === 'result') {
      const orphan = part.callIndex === undefined;
      const box = make('div', `result${part.isError ? ' error' : ''}${orphan ? ' orphan' : ''}`);
      const head = make('p');
      head.append(make('strong', '', `Result ${part.name}`), ' ', make('code', '', part.callId));
      if (part.isError) head.append(' ', make('span', 'badge bad', 'error'));
      if (part.placeholder) head.append(' ', make('span', 'badge muted', 'placeholder'));
      if (orphan) head.append(' ', make('span', 'badge bad', 'orphan: no call claims it'));
      box.append(head);
      if (part.callIndex !== undefined)
        box.append(jump(side, part.callIndex, `Call at ${where}[${String(part.callIndex)}]`));
      box.append(make('pre', 'content', json(piece(part.content, part.at, raw))));
      part.images.forEach((url) => {
        box.append(image(url, `Image in the result of ${part.name}`));
      });
      return box;
    }
    const title =
      part.kind === 'reasoning'
        ? 'Reasoning'
        : part.kind === 'server-tool'
          ? 'Server tool'
          : 'Block';
    const box = make('div', `block ${part.kind}`);
    box.append(collapsible(`${title}: ${part.label}`, part.value));
    if (part.image !== undefined) box.append(image(part.image, `Image (${part.label})`));
    return box;
  };

  const drawMessage = (
    message: ViewMessage,
    view: ConversationView,
    at: number,
    side: 'original' | 'repaired',
    changed: boolean,
  ): HTMLElement => {
    const where = view.arrayName;
    const issues = side === 'original' ? view.issues.filter((i) => i.messageIndex === at) : [];
    const fixes = side === 'repaired' ? view.fixes.filter((f) => f.messageIndex === at) : [];
    const item = make(
      'li',
      `message role-${message.role.replace(/[^\w-]/g, '_')}${issues.length > 0 ? ' has-issue' : ''}${changed ? ' changed' : ''}`,
    );
    item.id = `${side}-${String(at)}`;
    item.tabIndex = -1;
    const article = make('article');
    const head = make('header');
    head.append(
      make('span', 'role', message.role),
      make('span', 'muted', `${where}[${String(at)}]`),
    );
    if (message.synthesized) head.append(make('span', 'badge muted', 'synthesized turn'));
    if (changed)
      head.append(
        make(
          'span',
          'badge good',
          side === 'repaired' ? 'changed by repair' : 'replaced by repair',
        ),
      );
    article.append(head);
    if (issues.length > 0) {
      const box = make('ul', 'issues');
      for (const issue of issues) {
        const part = issue.partIndex === undefined ? '' : `part ${String(issue.partIndex)}: `;
        box.append(make('li', 'bad', `${part}${issue.message} [${issue.code}]`));
      }
      article.append(box);
    }
    if (fixes.length > 0) {
      const box = make('ul', 'fixes');
      for (const fix of fixes) box.append(make('li', 'good', `Fix: ${fix.message} [${fix.kind}]`));
      article.append(box);
    }
    for (const part of message.parts) article.append(drawPart(part, side, where, message.raw));
    article.append(collapsible('Message JSON', message.raw));
    item.append(article);
    return item;
  };

  const drawConversation = (index: number): void => {
    if (all[index] === undefined) return;
    const view = load(index);
    current = index;
    main.replaceChildren();
    main.append(make('h2', '', view.title));
    const meta = `${view.format} · rules of ${view.provider} · ${plural(view.messages.length, 'message')} · ${plural(view.issues.length, 'issue')}`;
    main.append(make('p', 'muted', meta));
    if (view.error !== undefined)
      main.append(make('p', 'bad', `This conversation could not be read: ${view.error}`));
    if (view.note !== undefined) main.append(collapsible('Server reply', view.note, true));
    if (view.issues.length > 0) {
      main.append(make('h3', '', `Issues (${String(view.issues.length)})`));
      const box = make('ol', 'issues');
      for (const issue of view.issues) {
        const item = make('li');
        item.append(
          jump('original', issue.messageIndex, `${view.arrayName}[${String(issue.messageIndex)}]`),
        );
        item.append(' ', make('span', 'bad', `${issue.message} [${issue.code}]`));
        box.append(item);
      }
      main.append(box);
    }
    const repaired = view.repaired;
    const kept = new Set(repaired?.map((entry) => entry.keptFrom));
    const columns = make('div', 'columns');
    const original = make('section', 'original');
    original.append(make('h3', '', 'Original'));
    const timeline = make('ol', 'timeline');
    view.messages.forEach((message, at) => {
      const replaced = repaired !== undefined && !kept.has(at);
      timeline.append(drawMessage(message, view, at, 'original', replaced));
    });
    original.append(timeline);
    columns.append(original);
    if (repaired !== undefined) {
      const toggle = make('button', 'toggle', '');
      toggle.type = 'button';
      const side = make('section', 'repaired');
      side.append(make('h3', '', `Repaired (${plural(view.fixes.length, 'fix')})`));
      const fixed = make('ol', 'timeline');
      const fill = (): void => {
        if (fixed.childElementCount > 0) return;
        repaired.forEach((entry, at) => {
          const raw = entry.keptFrom === undefined ? entry.raw : view.messages[entry.keptFrom]?.raw;
          const changed = entry.keptFrom === undefined;
          fixed.append(drawMessage({ ...entry, raw }, view, at, 'repaired', changed));
        });
      };
      const update = (): void => {
        toggle.textContent = showRepaired
          ? 'Hide the repaired history'
          : 'Show the repaired history';
        toggle.setAttribute('aria-pressed', String(showRepaired));
        side.hidden = !showRepaired;
        if (showRepaired) fill();
      };
      toggle.addEventListener('click', () => {
        showRepaired = !showRepaired;
        update();
      });
      side.append(fixed);
      columns.append(side);
      main.append(toggle);
      update();
    }
    main.append(columns);
    drawIndex();
  };

  const drawIndex = (): void => {
    const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
    page = Math.min(page, pages - 1);
    list.replaceChildren();
    for (const index of shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)) {
      const entry = all[index];
      if (entry === undefined) continue;
      const item = make('li');
      const button = make('button', isBroken(entry) ? 'broken' : '');
      button.type = 'button';
      button.dataset.index = String(index);
      const count = entry.error ? 'unreadable' : plural(entry.issues, 'issue');
      button.textContent = `${entry.title} · ${count}`;
      button.setAttribute('aria-current', String(index === current));
      button.addEventListener('click', () => {
        drawConversation(index);
        main.focus();
      });
      item.append(button);
      list.append(item);
    }
    byId('count').textContent = `${plural(shown.length, 'conversation')} shown`;
    byId('page').textContent = `Page ${String(page + 1)} of ${String(pages)}`;
    (byId('previous') as HTMLButtonElement).disabled = page === 0;
    (byId('next') as HTMLButtonElement).disabled = page >= pages - 1;
  };

  const filter = (): void => {
    const query = search.value.trim().toLowerCase();
    shown = [];
    all.forEach((entry, index) => {
      if (broken.checked && !isBroken(entry)) return;
      if (query !== '' && !entry.keys.some((key) => key.toLowerCase().includes(query))) return;
      shown.push(index);
    });
    page = 0;
    drawIndex();
  };

  search.addEventListener('input', filter);
  broken.addEventListener('change', filter);
  byId('previous').addEventListener('click', () => {
    page--;
    drawIndex();
  });
  byId('next').addEventListener('click', () => {
    page++;
    drawIndex();
  });
  // Up and down arrows move through the index.
  list.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = Array.from(list.querySelectorAll('button'));
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[at + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
    event.preventDefault();
  });
  // Printing shows every collapsed part.
  window.addEventListener('beforeprint', () => {
    main.querySelectorAll('details').forEach((details) => (details.open = true));
  });
  const withIssues = all.filter(isBroken).length;
  const issues = all.reduce((sum, entry) => sum + entry.issues, 0);
  byId('summary').textContent =
    `${plural(all.length, 'conversation')}, ${String(withIssues)} with issues (${plural(issues, 'issue')})`;
  byId('index').hidden = all.length < 2;
  if (all.length > 0) drawConversation(0);
  else main.replaceChildren(make('p', '', 'No conversations.'));
}
