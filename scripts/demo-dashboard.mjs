// The demo's profit dashboard after it has run a while: starts the product as `npm start` does (built dist,
// fresh embedded database with the demo data and the simulated provider), lets a few simulated customers
// (the demo member and three signed-up ones) order the demo catalogue for DEMO_MINUTES (10), then
// screenshots the console's 수익 리포트 (by day and by service) and 공급사 성과 at 390 and 1440 px and
// prints the report's figures. The shots go to DEMO_SHOTS (docs/screenshots).
//
//   npm run demo:dashboard              (DEMO_PORT to pick the port, DEMO_MINUTES, DEMO_ORDER_EVERY_S=8)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../test/support/chromium.ts';
import { build } from './lib/build.mjs';

const MINUTES = Number(process.env.DEMO_MINUTES ?? 10);
const ORDER_EVERY_MS = Number(process.env.DEMO_ORDER_EVERY_S ?? 8) * 1000;
const SHOTS = process.env.DEMO_SHOTS ?? 'docs/screenshots';
/** What one simulated order spends at most (won), so the customers' points last the run. */
const ORDER_BUDGET = 4000;

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const koreanDay = (at = Date.now()) => new Date(at + 9 * 3600_000).toISOString().slice(0, 10);

build();
const port = Number(process.env.DEMO_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'demo-dashboard-'));
const operator = { id: 'admin', password: randomBytes(12).toString('base64url') };
// The embedded database, whatever the shell points at.
const { DATABASE_URL: _ignored, ...inherited } = process.env;
const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
  env: {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_ID: operator.id,
    ADMIN_PASSWORD: operator.password,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
/** A full-page shot; at phone width, says whether the page itself scrolls sideways (it should not). */
async function shot(page, name) {
  const width = await page.evaluate(() => globalThis.document.documentElement.scrollWidth);
  if (width > page.viewportSize().width) console.log(`${name}: the page is ${width} px wide`);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}
const stop = async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => stop().then(() => process.exit(130)));

async function api(path, { token, body, method = body ? 'POST' : 'GET' } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
    if (i > 600) throw new Error('the server did not answer in 5 minutes');
    await sleep(500);
  }
  const admin = (await api('/api/admin/auth/login', { body: operator })).body.accessToken;
  // One operator's grants of the day add up toward two-person approval: raised for this throw-away database.
  await api('/api/admin/settings/APPROVAL_THRESHOLD', { token: admin, method: 'PUT', body: { value: '1000000' } });

  // The customers: the demo member, and three who sign up and are given points by the operator.
  const customers = [(await api('/api/auth/login', { body: { id: 'demo', password: 'demo1234' } })).body.accessToken];
  for (let i = 1; i <= 3; i++) {
    const id = `customer${i}`;
    const signup = await api('/api/auth/register', {
      body: {
        ...{ id, password: 'customer1234', email: `${id}@example.com`, registerWhere: '유튜브' },
        ...{ phoneNumber: '', sendCode: '', referral: '', emailCode: '', agreeTerms: true, agreePrivacy: true },
      },
    });
    if (signup.status !== 201) {
      console.log(`sign-up of ${id}: ${signup.status} ${JSON.stringify(signup.body)} (ordering without it)`);
      continue;
    }
    const token = (await api('/api/auth/login', { body: { id, password: 'customer1234' } })).body.accessToken;
    const members = (await api('/api/admin/members?perPage=100', { token: admin })).body;
    const member = members.find((m) => m.loginId === id);
    await api(`/api/admin/members/${member.id}/adjust-points`, {
      token: admin,
      body: { amount: 100_000, reason: '데모 고객 충전' },
    });
    customers.push(token);
  }

  // What they order: the demo's orderable services that take a link and a quantity, on their platform's host.
  const { PLATFORM_LINK_HOSTS } = await import('../server/dist/contracts/order-links.js');
  const platformOf = new Map((await api('/api/service/categorys')).body.map((c) => [c.id, c.platform]));
  const services = (await api('/api/service/services')).body.filter(
    (s) => !s.isReadOnly && ['Default', 'Package'].includes(s.type) && s.point * s.min <= ORDER_BUDGET,
  );
  const pick = (list) => list[Math.floor(Math.random() * list.length)];

  const started = Date.now();
  const placed = { ok: 0, refused: {} };
  console.log(`ordering for ${MINUTES} min on ${base} (${customers.length} customers, ${services.length} services)`);
  while (Date.now() - started < MINUTES * 60_000) {
    const service = pick(services);
    const most = Math.min(service.max, Math.floor(ORDER_BUDGET / service.point));
    const amount = service.min + Math.floor(Math.random() * (most - service.min + 1));
    const host = PLATFORM_LINK_HOSTS[platformOf.get(service.categoryId)]?.hosts[0] ?? 'example.com';
    const res = await api('/api/service/order', {
      token: pick(customers),
      body: {
        serviceId: service.id,
        link: `https://${host}/p/demo${randomBytes(4).toString('hex')}`,
        amount,
        runs: 0,
        interval: 0,
      },
    });
    if (res.status === 201) placed.ok++;
    else placed.refused[res.status] = (placed.refused[res.status] ?? 0) + 1;
    await sleep(ORDER_EVERY_MS * (0.5 + Math.random()));
  }
  console.log(`orders placed: ${placed.ok}, refused: ${JSON.stringify(placed.refused)}`);

  const query = `from=${koreanDay(Date.now() - 86_400_000)}&to=${koreanDay()}`;
  const byDay = (await api(`/api/admin/reports/profit?${query}&by=day`, { token: admin })).body;
  const byService = (await api(`/api/admin/reports/profit?${query}&by=service`, { token: admin })).body;
  const scores = (await api('/api/admin/provider-scores?days=7', { token: admin })).body;
  console.log('by day:', JSON.stringify(byDay.rows));
  console.log('total:', JSON.stringify(byDay.total));
  console.log('by service:');
  for (const r of byService.rows)
    console.log(`  ${r.label}: ${r.orders} orders, revenue ${r.revenue}, cost ${r.cost}, profit ${r.profit}`);
  console.log('provider scores (7 days):', JSON.stringify(scores).slice(0, 600));

  mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  try {
    for (const width of [390, 1440]) {
      // Logged in at desktop width (the phone layout hides the menu), then shown at `width`.
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`${base}/admin/login`);
      await page.locator('input[name="username"]').fill(operator.id);
      await page.locator('input[name="password"]').fill(operator.password);
      await page.getByRole('button', { name: '로그인' }).click();
      await page.getByRole('menuitem', { name: '대시보드' }).waitFor();
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${base}/admin/reports`);
      await page.getByTestId('profit-table').waitFor();
      await page.waitForTimeout(1000); // the chart's animation
      await shot(page, `demo-profit-day-${width}`);
      const cards = [];
      for (const title of ['매출', '원가', '이익', '주문 수'])
        cards.push(`${title} ${await page.getByTestId(`profit-total-${title}`).textContent()}`);
      console.log(`the dashboard at ${width} px: ${cards.join(', ')}`);
      await page.getByLabel('집계 기준').click();
      await page.getByRole('option', { name: '상품별' }).click();
      await page.getByTestId('profit-table').locator('tbody tr').nth(1).waitFor();
      await page.waitForTimeout(1000);
      await shot(page, `demo-profit-service-${width}`);
      await page.goto(`${base}/admin/provider-scores`);
      await page.getByTestId('provider-scores').waitFor();
      await page.waitForTimeout(500);
      await shot(page, `demo-provider-scores-${width}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots in ${SHOTS}/demo-*.png`);
} finally {
  await stop();
}
