// The bare-SQL ceiling of order placement on this machine: the three statements one order needs (conditional
// balance UPDATE, order INSERT, ledger INSERT in one transaction) run by pgbench against a scratch database.
// The order benches print their rate beside it, measured in the same sitting.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ORDER_SQL = (memberExpr) => `
BEGIN;
UPDATE point_account SET balance = balance - 5, version = version + 1, updated_at = now() WHERE member_id = ${memberExpr} AND balance >= 5;
INSERT INTO service_order (member_id, service_id, link, amount, point, created_at, updated_at) VALUES (${memberExpr}, :service, 'https://instagram.com/p/sql', 10, 5, now(), now()) RETURNING id AS order_id \\gset
INSERT INTO point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, created_at) VALUES (${memberExpr}, -5, 0, 'ORDER', 'order', :order_id, now());
END;
`;

/**
 * pgbench for `seconds` with `clients` connections: { rate (tps), latency (ms), command }. `members` is the
 * id range of members with points; `hot` puts every transaction on the first one.
 */
export function pgbench(url, scriptDir, { seconds, clients, hot = false, serviceId, members }) {
  const file = join(scriptDir, hot ? 'hot.sql' : 'many.sql');
  writeFileSync(
    file,
    (hot ? '' : `\\set mid random(${members.min}, ${members.max})\n`) + ORDER_SQL(hot ? String(members.min) : ':mid'),
  );
  const args = ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds)];
  const out = execFileSync('pgbench', [...args, '-D', `service=${serviceId}`, '-f', file, url], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  return { rate: tps, latency, command: `pgbench ${args.join(' ')}` };
}

/** A migrated scratch database readied for the ceiling in plain SQL: a service and `count` members with points. */
export async function seedCeiling(client, count) {
  const one = async (sql, params = []) => (await client.query(sql, params)).rows[0].id;
  await client.query(`insert into platform (id, text) values ('instagram', '인스타그램') on conflict do nothing`);
  const category = await one(`insert into category (platform_id, text) values ('instagram', 'ceiling') returning id`);
  const serviceId = await one(
    `insert into service (text, point, min, max, category_id) values ('ceiling', 0.5, 10, 100000, $1) returning id`,
    [category],
  );
  const ids = (
    await client.query(
      `insert into member (login_id, password_hash, email, status, created_at)
       select 'ceiling' || g, 'x', 'ceiling' || g || '@example.com', 'ACTIVE', now() from generate_series(1, $1) g returning id`,
      [count],
    )
  ).rows.map((r) => r.id);
  await client.query(
    `with a as (insert into point_account (member_id, balance, version) select unnest($1::int[]), 1000000000, 1 returning member_id, balance)
     insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, created_at)
     select member_id, balance, balance, 'CHARGE', 'bench', member_id::text, now() from a`,
    [ids],
  );
  return { serviceId, members: { min: Math.min(...ids), max: Math.max(...ids) } };
}
