// Resellers for the API v2 benches, written straight to a migrated database: members with an API key each and
// plenty of points.
import { createHash, randomBytes } from 'node:crypto';

/**
 * `count` members (the first is `first` when given, the rest made here as `<name>1…`), each with an API key and
 * 1,000,000,000 points: [{ key, member }].
 */
export async function seedV2Keys(client, { count, name, first }) {
  const memberIds = first === undefined ? [] : [first];
  for (let i = memberIds.length; i < count; i++)
    memberIds.push(
      (
        await client.query(
          `insert into member (login_id, password_hash, email, status, created_at) values ($1::text, 'x', $1::text || '@example.com', 'ACTIVE', now()) returning id`,
          [`${name}${i}`],
        )
      ).rows[0].id,
    );
  const keys = [];
  for (const id of memberIds) {
    const key = randomBytes(20).toString('hex');
    await client.query(`update member set api_key_hash = $2, api_key_cipher = 'bench' where id = $1`, [
      id,
      createHash('sha256').update(key).digest('hex'),
    ]);
    keys.push({ key, member: id });
  }
  await client.query(
    `with a as (insert into point_account (member_id, balance, version) select unnest($1::int[]), 1000000000, 1 returning member_id, balance)
     insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, created_at)
     select member_id, balance, balance, 'CHARGE', 'bench', member_id::text, now() from a`,
    [memberIds],
  );
  return keys;
}
