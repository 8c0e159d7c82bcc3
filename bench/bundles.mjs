// The two first screens' JavaScript, gzipped, against their size targets: the storefront's /order (index.html's
// entry, the app it starts right after the first paint, src/boot.tsx, and their static imports) <= 140 KB, and the
// console at the dashboard (entry, the dashboard route, their static imports) <= 350 KB. Read from Vite's
// manifest of the production build (built when missing or stale). With the server built too, it loads /order in
// Chromium as a mid-range phone (4x CPU slowdown, ~1.6 Mbit/s, 150 ms round trips) and prints the scripts it
// fetched and the Largest Contentful Paint. Figures only; nothing fails on them.
// Run: npm run bench bundles   (BUNDLES_BROWSER=0 skips the browser part)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from '../scripts/lib/build.mjs';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Each app's first screen: the manifest entries whose chunks (and static imports) the browser loads for it. */
const screens = [
  {
    name: 'storefront /order',
    app: 'customer-web',
    // main.tsx imports boot.tsx (the router, the order page) right after the first paint, on every visit.
    entries: ['index.html', 'src/boot.tsx'],
    target: 140,
  },
  {
    name: 'console dashboard',
    app: 'admin-web',
    // The dashboard route (lazy) and its figures; the charts below them are their own chunk (DashboardCharts).
    entries: ['index.html', 'src/dashboard/Home.tsx'],
    target: 350,
    after: ['src/dashboard/DashboardCharts.tsx'],
  },
];

function manifestOf(app) {
  const file = join(app, 'dist', '.vite', 'manifest.json');
  if (!existsSync(file)) build({ force: true, only: [app] });
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The chunk files of these entries and of everything they import statically. */
function closure(manifest, keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no ${key} in the manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const gz = (app, file) => gzipSync(readFileSync(join(app, 'dist', file)), { level: 9 }).length;

build({ only: ['customer-web', 'admin-web'] });
for (const screen of screens) {
  const manifest = manifestOf(screen.app);
  const files = [...closure(manifest, screen.entries)].filter((f) => f.endsWith('.js'));
  const sizes = files.map((f) => ({ f, gzip: gz(screen.app, f) })).sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((n, s) => n + s.gzip, 0);
  console.log(
    `${screen.name}: initial JS ${kb(total)} gzipped in ${files.length} files (target <= ${screen.target} KB) ${total / 1024 <= screen.target ? 'OK' : 'OVER'}`,
  );
  for (const s of sizes.slice(0, 6)) console.log(`  ${s.f}  ${kb(s.gzip)}`);
  if (screen.after?.every((key) => manifest[key])) {
    const later = [...closure(manifest, screen.after)].filter((f) => f.endsWith('.js') && !files.includes(f));
    const extra = later.reduce((n, f) => n + gz(screen.app, f), 0);
    console.log(`  loaded after the first screen (${screen.after.join(', ')}): ${kb(extra)} gzipped more`);
  }
}

if (process.env.BUNDLES_BROWSER !== '0') await orderPageInBrowser();

/** /order on the built server, fresh visitor, as a mid-range phone: the scripts fetched and the LCP. */
async function orderPageInBrowser() {
  build({ only: ['server'] });
  const { chromium } = await import('playwright-core');
  const { CHROMIUM, CHROMIUM_FLAGS } = await import('../test/support/chromium.ts');
  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-bundles-'));
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
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  try {
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const runs = [];
    for (let i = 0; i < Number(process.env.LCP_RUNS ?? 3); i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      const scripts = [];
      const onResponse = (response) => {
        // A body the page dropped (a chunk still arriving when the context closes) counts as 0 bytes.
        if (response.request().resourceType() === 'script')
          scripts.push(
            response.body().then(
              (body) => gzipSync(body, { level: 9 }).length,
              () => 0,
            ),
          );
      };
      page.on('response', onResponse);
      await page.addInitScript(() => {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) globalThis.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${base}/order`, { waitUntil: 'networkidle' });
      // LCP is final once the visitor interacts; a click on nothing ends it.
      await page.mouse.click(1, 1);
      const lcp = await page.evaluate(() => globalThis.__lcp ?? NaN);
      page.off('response', onResponse);
      const js = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
      runs.push({ lcp, js, count: scripts.length });
      await context.close();
    }
    console.log('storefront /order in Chromium as a mid-range phone (4x CPU, 1.6 Mbit/s, 150 ms RTT):');
    for (const r of runs)
      console.log(`  LCP ${(r.lcp / 1000).toFixed(2)} s; scripts fetched: ${r.count}, ${kb(r.js)} gzipped`);
    const lcps = runs.map((r) => r.lcp).sort((a, b) => a - b);
    console.log(`  LCP median ${(lcps[Math.floor(lcps.length / 2)] / 1000).toFixed(2)} s (target <= 1.5 s)`);
  } finally {
    await browser.close();
    await new Promise((resolve) => {
      server.on('exit', resolve);
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
