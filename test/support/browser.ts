import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.js';
import { startTestApp, type TestApp } from './test-app.js';

export { CHROMIUM };
export const SCREENSHOT_DIR = join(process.cwd(), 'test-artifacts', 'screenshots');

/** Debian's Chromium, headless, with nothing reaching outside this machine. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}

export interface BrowserHarness {
  t: TestApp;
  browser: Browser;
  /** http://127.0.0.1:<port> of the real server with the built SPA and console. */
  baseUrl: string;
  newPage(options?: { width?: number; height?: number; colorScheme?: 'light' | 'dark' }): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** The real server listening on loopback (built web apps served by it) and a Chromium to drive it. */
export async function startBrowserHarness(env: Record<string, string | undefined> = {}): Promise<BrowserHarness> {
  const t = await startTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.getHttpServer().address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    t,
    browser,
    baseUrl,
    async newPage({ width = 1440, height = 900, colorScheme = 'light' } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        colorScheme,
        locale: 'ko-KR',
        baseURL: baseUrl,
      });
      contexts.push(context);
      return context.newPage();
    },
    async screenshot(page, name) {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      // A person collecting evidence (a closing note's screenshots) names a folder; the tests never need it.
      const evidence = process.env.EVIDENCE_SHOTS_DIR;
      if (evidence) {
        mkdirSync(evidence, { recursive: true });
        copyFileSync(path, join(evidence, `${name}.png`));
      }
      return path;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await t.close();
    },
  };
}
