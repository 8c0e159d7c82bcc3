import { MikroORM } from '@mikro-orm/postgresql';
import type { TestApp } from './test-app.js';

/** Sets site settings the way an operator does (PUT /api/admin/settings/:key). */
export async function setSettings(t: TestApp, values: Record<string, unknown>): Promise<void> {
  const admin = `Bearer ${await t.operatorToken()}`;
  for (const [key, value] of Object.entries(values))
    await t.http.put(`/api/admin/settings/${key}`).set('Authorization', admin).send({ value }).expect(200);
}

/** Runs SQL on the test app's database (assertions on what was or was not stored). */
export async function sql<T = Record<string, unknown>>(
  t: TestApp,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  return t.app.get(MikroORM).em.fork().execute<T[]>(query, params);
}

export async function count(t: TestApp, table: string): Promise<number> {
  const [row] = await sql<{ n: string }>(t, `select count(*) as n from "${table}"`);
  return Number(row!.n);
}

/** Row counts of every identity table: "nothing stored" is these staying equal. */
export async function identityTables(t: TestApp): Promise<Record<string, number>> {
  const tables = ['member', 'social_account', 'verification_code', 'password_reset', 'delivery', 'point_ledger_entry'];
  return Object.fromEntries(await Promise.all(tables.map(async (name) => [name, await count(t, name)] as const)));
}

/** The newest mail or SMS to `recipient`, as the console's outbox (the delivery engine's EMAIL/SMS rows) lists it. */
export async function lastOutboxMessage(
  t: TestApp,
  recipient: string,
): Promise<{
  id: number;
  channel: string;
  event: string;
  body: string;
  subject: string | null;
  status: string;
  attempts: number;
  lastAnswer: string | null;
  createdAt: string;
}> {
  const res = await t.http
    .get('/api/admin/outbox')
    .query({
      filter: JSON.stringify({ recipient }),
      sort: JSON.stringify(['id', 'DESC']),
      range: JSON.stringify([0, 0]),
    })
    .set('Authorization', `Bearer ${await t.operatorToken()}`)
    .expect(200);
  if (!res.body[0]) throw new Error(`no outbox message to ${recipient}`);
  return res.body[0];
}

/**
 * The newest verification code sent to `recipient`, as the verification store keeps it: the outbox masks
 * codes (no secret is shown to operators), so a test without a mailbox of its own reads it here.
 */
export async function lastCode(t: TestApp, recipient: string): Promise<string> {
  const [row] = await sql<{ code: string }>(
    t,
    'select code from verification_code where recipient = ? order by id desc limit 1',
    [recipient],
  );
  if (!row) throw new Error(`no code sent to ${recipient}`);
  return row.code;
}

/** The 5-character code in a message body. */
export function codeIn(text: string): string {
  const match = /\b(\d{5})\b/.exec(text);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1]!;
}

/** The 로그인 기록 results of one account, oldest first. */
export async function loginResults(t: TestApp, kind: string, loginId: string): Promise<string[]> {
  const rows = await sql<{ result: string }>(
    t,
    'select result from login_attempt where kind = ? and login_id = ? order by id',
    [kind, loginId.toLowerCase()],
  );
  return rows.map((r) => r.result);
}
