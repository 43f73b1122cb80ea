import { closeSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversationView } from '../../src/view/conversation-view.js';
import { renderHistoryHtml, renderViewPage } from '../../src/view/render-history-html.js';
import { startStrictServer } from '../../src/testing/strict-server.js';
import { HOSTILE_MARKUP } from '../arbitraries/hostile-values.js';
import { runCliInProcess } from '../cli/run-cli-in-process.js';
import {
  hasBrowser,
  launchBrowser,
  openHtml,
  openUrl,
  type TestBrowser,
  type WatchedPage,
} from './chromium.js';

const call = (id: string, name: string, args = '{}') => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

/** A Chat Completions history: c1 answered, c2 unanswered, and an orphan result for c9. */
const BROKEN_CHAT = [
  { role: 'user', content: 'Weather in Paris?' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [call('c1', 'get_weather', '{"city":"Paris"}'), call('c2', 'now')],
  },
  { role: 'tool', tool_call_id: 'c1', content: '18°C' },
  { role: 'tool', tool_call_id: 'c9', content: 'stray' },
];

const GOOD_CHAT = [
  { role: 'user', content: 'Search' },
  { role: 'assistant', content: null, tool_calls: [call('s1', 'search_web')] },
  { role: 'tool', tool_call_id: 's1', content: 'found' },
  { role: 'assistant', content: 'Done.' },
];

describe.skipIf(!hasBrowser())('the HTML view in headless Chromium', () => {
  let browser: TestBrowser;
  let opened: WatchedPage[] = [];
  const open = async (html: string): Promise<WatchedPage> => {
    const watched = await openHtml(browser, html);
    opened.push(watched);
    return watched;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser.close();
  });
  afterEach(async () => {
    // No page may report a console error, a warning (a CSP refusal is one) or an exception.
    for (const { problems } of opened) expect(problems).toEqual([]);
    await Promise.all(opened.map(({ page }) => page.close()));
    opened = [];
  });

  it('shows each call beside its result, the unanswered call and the orphan result', async () => {
    const { page } = await open(renderHistoryHtml(BROKEN_CHAT, { format: 'openai-chat' }));
    const calls = page.locator('#original-1 .call');
    await expect(calls.count()).resolves.toBe(2);
    expect(await calls.nth(0).innerText()).toContain('Call get_weather c1 ok');
    expect(await calls.nth(0).locator('button.jump').innerText()).toBe('Result at messages[2]');
    expect(await calls.nth(0).locator('pre.paired').innerText()).toBe('18°C');
    expect(await calls.nth(1).innerText()).toContain('Call now c2 unanswered: no result');
    expect(await page.locator('#original-3 .result').innerText()).toContain(
      'orphan: no call claims it',
    );
    await page.locator('#original-2 button.jump').click();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('original-1');
  });

  it('shows every issue at the message it names, in the provider wording', async () => {
    const { page } = await open(renderHistoryHtml(BROKEN_CHAT, { format: 'openai-chat' }));
    const marked = await page
      .locator('#original .has-issue, .original .has-issue')
      .evaluateAll((items) => items.map((item) => item.id));
    expect(marked.sort()).toEqual(['original-1', 'original-3']);
    expect(await page.locator('#original-3 .issues').innerText()).toBe(
      "Invalid parameter: 'tool_call_id' of 'c9' not found in 'tool_calls' of previous message. [unknown-tool-call-id]",
    );
    expect(await page.locator('#original-1 .issues').innerText()).toContain(
      'The following tool_call_ids did not have response messages: c2 [missing-tool-result]',
    );
    expect(await page.locator('#original-0.has-issue, #original-2.has-issue').count()).toBe(0);
  });

  it('toggles the repaired history beside the original, with the changed messages marked', async () => {
    const { page } = await open(renderHistoryHtml(BROKEN_CHAT, { format: 'openai-chat' }));
    const toggle = page.locator('button.toggle');
    await expect(page.locator('section.repaired').isHidden()).resolves.toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expect(page.locator('section.repaired').isVisible()).resolves.toBe(true);
    const changed = await page
      .locator('section.repaired .changed')
      .evaluateAll((items) => items.map((item) => item.id));
    expect(changed).toEqual(['repaired-3', 'repaired-4']);
    expect(await page.locator('#repaired-3 .fixes').innerText()).toContain(
      '[inserted-placeholder]',
    );
    expect(await page.locator('#repaired-3 .result').innerText()).toContain('placeholder');
    expect(await page.locator('#repaired-4 .call').innerText()).toContain(
      'Call unknown_tool c9 ok',
    );
    await toggle.click();
    await expect(page.locator('section.repaired').isHidden()).resolves.toBe(true);
  });

  it('filters the index to broken conversations, searches tool names and ids, and works by keyboard', async () => {
    const views = [
      conversationView(GOOD_CHAT, { format: 'openai-chat', title: 'good' }),
      conversationView(BROKEN_CHAT, { format: 'openai-chat', title: 'broken' }),
      conversationView(GOOD_CHAT.slice(0, 1), { format: 'openai-chat', title: 'plain' }),
    ];
    const { page } = await open(renderViewPage(views, { title: 'Three' }));
    const entries = page.locator('#list button');
    expect(await entries.allInnerTexts()).toEqual([
      'good · 0 issues',
      'broken · 2 issues',
      'plain · 0 issues',
    ]);
    await page.locator('#broken').check();
    expect(await entries.allInnerTexts()).toEqual(['broken · 2 issues']);
    await page.locator('#broken').uncheck();
    await page.locator('#search').fill('SEARCH_w');
    expect(await entries.allInnerTexts()).toEqual(['good · 0 issues']);
    await page.locator('#search').fill('c9');
    expect(await entries.allInnerTexts()).toEqual(['broken · 2 issues']);
    await page.locator('#search').fill('');
    await entries.nth(0).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.locator('main h2').innerText()).toBe('plain');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
  });

  it('shows hostile content as text and never runs it', async () => {
    const hostile = HOSTILE_MARKUP.join(' | ');
    const history = [
      { role: 'system', content: hostile },
      { role: 'user', content: [{ type: 'text', text: hostile }] },
      {
        role: 'assistant',
        content: hostile,
        tool_calls: [call('x1', hostile, JSON.stringify({ q: hostile }))],
      },
      { role: 'tool', tool_call_id: 'x1', content: hostile },
    ];
    const { page } = await open(
      renderHistoryHtml(history, { format: 'openai-chat', title: hostile }),
    );
    await page.locator('details').evaluateAll((items) => {
      for (const item of items) (item as HTMLDetailsElement).open = true;
    });
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();
    expect(await page.locator('img, svg, a, iframe, object').count()).toBe(0);
    // The page shows each text exactly as its data holds it (lone surrogates too, compared in the
    // page: the protocol to the test replaces them).
    const exact = await page.evaluate(() => {
      const view = JSON.parse(document.getElementById('view-0')?.textContent ?? '') as {
        messages: { raw: { content: { text: string }[] }; parts: { at?: unknown[] }[] }[];
      };
      // The text is stored once, at its place in the message JSON.
      const message = view.messages[1];
      const at = JSON.stringify(message?.parts[0]?.at);
      const text = at === '["content",0,"text"]' ? message?.raw.content[0]?.text : undefined;
      return (
        text !== undefined && document.querySelector('#original-1 .text')?.textContent === text
      );
    });
    expect(exact).toBe(true);
    const visible = (text: string): string => text.replace(/[\uD800-\uDFFF\uFFFD]/g, '');
    expect(visible(await page.locator('#original-0 .text').innerText())).toBe(visible(hostile));
    expect(visible(await page.locator('h1').innerText())).toBe(visible(hostile));
    expect(await page.locator('#original-2 .call strong').innerText()).toContain(
      '<script>window.pwned = 1</script>',
    );
  });

  it('draws a long piece from its message JSON, its first 1,000 characters, then the whole on demand', async () => {
    const long = `${'a'.repeat(999)}\u{1F600}${'b'.repeat(4000)}`;
    const history = [
      { role: 'user', content: long },
      { role: 'assistant', content: null, tool_calls: [call('l1', 'save', long)] },
      { role: 'tool', tool_call_id: 'l1', content: long },
    ];
    const { page } = await open(renderHistoryHtml(history, { format: 'openai-chat' }));
    const clipped = `${'a'.repeat(999)}… (4,002 more characters: see the message JSON)`;
    expect(await page.locator('#original-0 .text').innerText()).toBe(clipped);
    expect(await page.locator('#original-1 .call pre').first().innerText()).toBe(clipped);
    expect(await page.locator('#original-2 pre.content').innerText()).toBe(clipped);
    await page.locator('#original-0 details summary').click();
    // The whole JSON is drawn on the details' toggle event, which runs after the click returns.
    await expect
      .poll(() => page.locator('#original-0 details pre').innerText())
      .toContain(`"content": "${long}"`);
  });

  it('serves the strict server view of recorded requests and refusals at viewURL', async () => {
    const server = await startStrictServer();
    try {
      const response = await fetch(`${server.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', messages: BROKEN_CHAT }),
      });
      expect(response.status).toBe(400);
      const watched = await openUrl(browser, server.viewURL);
      opened.push(watched);
      const { page } = watched;
      expect(await page.locator('main h2').innerText()).toBe('#1 POST /v1/chat/completions → 400');
      expect(await page.locator('main details').first().innerText()).toContain('"status": 400');
      expect(await page.locator('#original-3 .issues').innerText()).toContain("'c9' not found");
    } finally {
      await server.close();
    }
  });

  it('opens a 10,000-conversation file written by the CLI, and filters it', async () => {
    const lines = Array.from({ length: 10_000 }, (_, index) =>
      JSON.stringify({ messages: index % 10 === 0 ? BROKEN_CHAT : GOOD_CHAT }),
    );
    const input = join(browser.folder, 'many.jsonl');
    const output = join(browser.folder, 'many.html');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const written = await runCliInProcess(['view', input, '-o', output]);
    expect(written.code).toBe(0);
    const html = readFileSync(output, 'utf8');
    const started = performance.now();
    const { page } = await open(html);
    await page.locator('#list button').first().waitFor();
    const loaded = performance.now() - started;
    expect(await page.locator('#count').innerText()).toBe('10,000 conversations shown');
    expect(await page.locator('#list button').count()).toBe(100);
    const filtering = performance.now();
    await page.locator('#broken').check();
    expect(await page.locator('#count').innerText()).toBe('1,000 conversations shown');
    const filtered = performance.now() - filtering;
    console.log(
      `view of 10,000 conversations (${(html.length / 1_048_576).toFixed(1)} MB): loaded in ${loaded.toFixed(0)} ms, filtered in ${filtered.toFixed(0)} ms`,
    );
    // A generous bound: the figure itself goes to docs/performance.md.
    expect(loaded).toBeLessThan(20_000);
  }, 120_000);

  it('opens a 100 MB file written by the CLI: the index first, a conversation when opened', async () => {
    // 100 MB of JSONL, about 45,000 conversations with long texts; one in ten lacks its result.
    const input = join(browser.folder, 'large.jsonl');
    const output = join(browser.folder, 'large.html');
    const descriptor = openSync(input, 'w');
    let count = 0;
    for (let size = 0; size < 100 * 1_048_576; count++) {
      const filler = (times: number): string =>
        `Lorem ipsum dolor sit amet ${String(count)} `.repeat(times);
      const messages = [
        { role: 'system', content: filler(8) },
        { role: 'user', content: filler(4) },
        {
          role: 'assistant',
          content: null,
          tool_calls: [call(`c${String(count)}`, 'search_web', JSON.stringify({ q: filler(3) }))],
        },
        ...(count % 10 === 0
          ? []
          : [{ role: 'tool', tool_call_id: `c${String(count)}`, content: filler(40) }]),
        { role: 'assistant', content: filler(10) },
      ];
      size += writeSync(descriptor, `${JSON.stringify({ messages })}\n`);
    }
    closeSync(descriptor);
    expect((await runCliInProcess(['view', input, '-o', output])).code).toBe(0);
    const started = performance.now();
    const watched = await openUrl(browser, `file://${output}`);
    opened.push(watched);
    const { page } = watched;
    await page.locator('main h2').waitFor({ timeout: 60_000 });
    const loaded = performance.now() - started;
    expect(await page.locator('#count').innerText()).toBe(
      `${count.toLocaleString('en-US')} conversations shown`,
    );
    expect(await page.locator('#original-2 .call').innerText()).toContain('unanswered: no result');
    await page.locator('#list button').nth(1).click();
    expect(await page.locator('main h2').innerText()).toBe('#2 (line 2)');
    expect(await page.locator('#original-3 .result').innerText()).toContain(
      'Lorem ipsum dolor sit amet 1 ',
    );
    const megabytes = (statSync(output).size / 1_048_576).toFixed(0);
    console.log(
      `view of 100 MB of JSONL (${String(count)} conversations, a ${megabytes} MB page): open and first conversation shown in ${loaded.toFixed(0)} ms`,
    );
    expect(loaded).toBeLessThan(60_000);
  }, 180_000);
});
