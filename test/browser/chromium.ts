import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

// Headless Chromium from the distribution (Debian `chromium`), driven by playwright-core. A clone
// without it skips these tests with a printed reason; CI sets REQUIRE_BROWSER=1 so they fail there.

/** Where Debian's `chromium` package puts the browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether the browser is here; throws under `REQUIRE_BROWSER=1` when it is not. */
export function hasBrowser(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const reason = `${CHROMIUM} is missing (apt-get install chromium)`;
  if (process.env.REQUIRE_BROWSER === '1') throw new Error(`REQUIRE_BROWSER=1 but ${reason}`);
  console.warn(`Skipping the browser tests: ${reason}.`);
  return false;
}

// Without the background-networking flags, a closed network refuses the browser's own requests.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A browser with a fresh profile, and a temp folder for pages; `close` removes both. */
export interface TestBrowser {
  readonly context: BrowserContext;
  readonly folder: string;
  close(): Promise<void>;
}

/** Starts Chromium with a fresh temp `--user-data-dir`. */
export async function launchBrowser(): Promise<TestBrowser> {
  const folder = mkdtempSync(join(tmpdir(), 'view-browser-'));
  const context = await chromium.launchPersistentContext(join(folder, 'profile'), {
    executablePath: CHROMIUM,
    args: ARGS,
  });
  return {
    context,
    folder,
    close: async () => {
      await context.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A page and everything it reported: console errors and warnings, uncaught exceptions. */
export interface WatchedPage {
  readonly page: Page;
  readonly problems: string[];
}

/** Opens `html` from a file (as a user opens a saved view), recording every console problem. */
export async function openHtml(
  browser: TestBrowser,
  html: string,
  name = 'view.html',
): Promise<WatchedPage> {
  const path = join(browser.folder, name);
  writeFileSync(path, html);
  return openUrl(browser, `file://${path}`);
}

/** Opens `url`, recording every console error or warning and uncaught exception. */
export async function openUrl(browser: TestBrowser, url: string): Promise<WatchedPage> {
  const page = await browser.context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(url);
  return { page, problems };
}
