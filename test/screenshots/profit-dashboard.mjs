// The console's 수익 리포트 with the demo's simulated provider running: starts the built product on a
// fresh embedded database (demo data on), places demo orders as the demo member, lets the jobs send
// and sync them for MINUTES (default 10), then saves the report by day and by service at 1440 and
// 390 px under test-artifacts/screenshots/. Prints the report's totals; asserts nothing.
//
//   npm run build && node test/screenshots/profit-dashboard.mjs      (MINUTES=10 PORT=3987)
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.ts';

const MINUTES = Number(process.env.MINUTES ?? 10);
const PORT = Number(process.env.PORT ?? 3987);
const DATA_DIR = join(process.env.TMPDIR ?? '/tmp', `profit-shots-${process.pid}`);
const OUT = 'test-artifacts/screenshots';
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { id: 'shots-admin', password: 'shots-admin-password-1234' };

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR,
    ADMIN_ID: ADMIN.id,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(DATA_DIR, { recursive: true, force: true });
};

async function api(path, { token, body, method } = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method: method ?? (body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

try {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('the server did not start');
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const member = (await api('/api/auth/login', { body: { id: 'demo', password: 'demo1234' } })).accessToken;
  const services = (await api('/api/service/services', { token: member }))
    .filter((s) => (s.type ?? 'Default') === 'Default')
    .slice(0, 6);
  let placed = 0;
  for (const [i, s] of services.entries())
    for (let k = 0; k < 4 + i; k++) {
      const amount = Math.max(Number(s.min), Math.min(Number(s.max), 100 * (k + 1)));
      await api('/api/service/order', {
        token: member,
        body: { serviceId: s.id, link: `https://www.instagram.com/p/demo${i}x${k}/`, amount },
      }).then(
        () => placed++,
        (e) => console.log(`order not placed: ${e.message}`),
      );
    }
  console.log(
    `placed ${placed} demo orders on ${services.length} services; the simulated provider runs for ${MINUTES} min`,
  );
  await new Promise((r) => setTimeout(r, MINUTES * 60_000));

  const operator = (await api('/api/admin/auth/login', { body: ADMIN })).accessToken;
  const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  for (const by of ['day', 'service']) {
    const report = await api(`/api/admin/reports/profit?from=${day}&to=${day}&by=${by}`, { token: operator });
    console.log(`by ${by}: ${JSON.stringify(report.rows)} total ${JSON.stringify(report.total)}`);
  }
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  for (const width of [1440, 390]) {
    const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
    await page.goto(`${BASE}/admin/`);
    await page.evaluate((token) => localStorage.setItem('operatorToken', token), operator);
    for (const by of ['day', 'service']) {
      await page.goto(`${BASE}/admin/reports`);
      await page.getByTestId('profit-table').waitFor();
      if (by === 'service') {
        await page.getByLabel('집계 기준').click();
        await page.getByRole('option', { name: '상품별' }).click();
        await page.getByText('상품별 매출').waitFor();
      }
      await page.waitForTimeout(800); // the chart's entry animation
      const file = `${OUT}/console-profit-${by}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(`saved ${file}`);
    }
    await page.goto(`${BASE}/admin/provider-scores`);
    await page.getByTestId('provider-scores').waitFor();
    await page.screenshot({ path: `${OUT}/console-provider-scores-${width}.png`, fullPage: true });
    console.log(`saved ${OUT}/console-provider-scores-${width}.png`);
    await page.close();
  }
  await browser.close();
} finally {
  stop();
}
