// The storefront's budget on the production build: the order page's initial JavaScript (gzipped) and its
// Largest Contentful Paint under Lighthouse's mobile settings (simulated slow 4G, 4x CPU slowdown, phone
// screen). Starts the built server on a throw-away embedded database with demo data. Prints figures only.
// Run: npm run build && node bench/storefront-budget.mjs   (or: npm run bench storefront)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS as FLAGS } from '../test/support/chromium.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-storefront-'));
const server = spawn(process.execPath, ['server/dist/main.js'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JOBS: 'false',
    DEMO_DATA: 'true',
  },
  stdio: 'ignore',
});

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Every script a fresh visitor's browser loads for /order until the network is idle. */
async function initialJavaScript() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(
          response.body().then((body) => ({
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          })),
        );
    });
    await page.goto(`${base}/order`, { waitUntil: 'networkidle' });
    return Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run with its default (mobile) settings. */
async function lighthouseRun() {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(`${base}/order`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const audit = (id) => result.lhr.audits[id]?.numericValue;
    return {
      lcp: audit('largest-contentful-paint'),
      fcp: audit('first-contentful-paint'),
      tbt: audit('total-blocking-time'),
      score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
      lcpElement:
        result.lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
      // Lighthouse's LCP breakdown: TTFB, load delay, load time, render delay.
      phases: (result.lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? [])
        .map((p) => `${p.phase} ${Math.round(p.timing)} ms`)
        .join(', '),
    };
  } finally {
    chrome.kill();
  }
}

try {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const scripts = await initialJavaScript();
  console.log('order page, initial JavaScript (fresh visitor, until network idle):');
  for (const s of scripts) console.log(`  ${s.url}  ${kb(s.raw)} raw, ${kb(s.gzip)} gzipped`);
  console.log(
    `  total: ${kb(scripts.reduce((n, s) => n + s.raw, 0))} raw, ${kb(scripts.reduce((n, s) => n + s.gzip, 0))} gzipped (budget 140 KB gzipped)`,
  );

  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun());
  console.log(`order page, Lighthouse mobile (simulated throttling), ${RUNS} runs:`);
  for (const r of runs) {
    console.log(
      `  LCP ${(r.lcp / 1000).toFixed(2)} s, FCP ${(r.fcp / 1000).toFixed(2)} s, TBT ${r.tbt.toFixed(0)} ms, performance score ${r.score}`,
    );
    if (r.phases) console.log(`    ${r.phases}`);
    if (r.lcpElement !== runs[0].lcpElement) console.log(`    LCP element: ${r.lcpElement}`);
  }
  console.log(
    `  LCP median: ${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s (target under 2.5 s, aim under 1.5 s)`,
  );
  if (runs[0]?.lcpElement) console.log(`  LCP element: ${runs[0].lcpElement}`);
} finally {
  await new Promise((resolve) => {
    server.on('exit', resolve);
    server.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
}
