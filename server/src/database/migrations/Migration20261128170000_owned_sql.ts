import { Migration } from '@mikro-orm/migrations';

/**
 * Each module's SQL that another module's statement runs, as a contract of the owning module, so no SQL
 * text crosses a module line:
 * - the wallet's take of points, `wallet_take_points(now, takes, up_to)`: every debit of points goes through
 *   it (the wallet's own use cases, and the one statement in which a module pays for its new rows);
 * - ordering's orders waiting to be placed upstream, the view `ordering_upstream_pending`, which fulfilment's
 *   claim locks (FOR UPDATE … SKIP LOCKED reaches the order rows through a simple view).
 */
export class Migration20261128170000_owned_sql extends Migration {

  override name = 'Migration20261128170000_owned_sql';

  override up(): void | Promise<void> {
    // takes: [{member_id, amount, kind, reference_type, reference_id, memo}], amounts positive whole won.
    // A member's takes are one balance check of their total (all or nothing), each with its own ledger entry
    // and the running balance after it, in the order given; with up_to, a member's one take is what the
    // balance covers (nothing when it is zero). An ORDER take (not up_to) waits while the member has an open
    // debt. Accounts are locked in member order first, so two such statements never wait on each other in a
    // cycle. Answers the entries written; a take missing from the answer moved nothing.
    this.addSql(`create function wallet_take_points(p_now timestamptz, p_takes jsonb, p_up_to boolean default false)
returns table (member_id int, kind text, reference_type varchar, reference_id varchar, amount bigint, balance_after bigint)
language plpgsql as $$
#variable_conflict use_column
begin
  if exists (
    select 1 from jsonb_to_recordset(p_takes) as r(member_id int, amount bigint)
    group by r.member_id having bool_or(r.amount is null or r.amount <= 0) or (p_up_to and count(*) > 1)
  ) then
    raise exception 'wallet_take_points: each amount is a positive whole won (one take per member with up_to)'
      using errcode = '22023';
  end if;
  return query
  with requested as (
    select r.member_id, r.amount, r.kind, r.reference_type, r.reference_id, r.memo, t.ord
    from jsonb_array_elements(p_takes) with ordinality as t(take, ord),
      jsonb_to_record(t.take) as r(member_id int, amount bigint, kind text, reference_type varchar, reference_id varchar, memo varchar)
  ),
  totals as (
    select member_id, sum(amount)::bigint as total, bool_or(kind = 'ORDER') as for_order from requested group by member_id
  ),
  locked as (
    select a.member_id, a.balance from point_account a
    where a.member_id in (select member_id from totals) order by a.member_id for update
  ),
  due as (
    select l.member_id, case when p_up_to then least(l.balance, t.total) else t.total end as take
    from locked l join totals t on t.member_id = l.member_id
    where (case when p_up_to then l.balance > 0 else l.balance >= t.total end)
      and not (not p_up_to and t.for_order and exists (select 1 from point_debt d where d.member_id = l.member_id and d.closed_at is null))
  ),
  taken as (
    update point_account a set balance = a.balance - d.take, version = a.version + 1, updated_at = p_now
    from due d where a.member_id = d.member_id and a.balance >= d.take
    returning a.member_id, a.balance, d.take
  ),
  entries as (
    select r.member_id, r.kind, r.reference_type, r.reference_id, r.memo, r.ord, e.moved,
      tk.balance + tk.take - sum(e.moved) over (partition by r.member_id order by r.ord) as balance_after
    from requested r join taken tk on tk.member_id = r.member_id,
      lateral (select case when p_up_to then tk.take else r.amount end as moved) e
  ),
  written as (
    insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, memo, created_at)
    select member_id, -moved, balance_after, kind, reference_type, reference_id, memo, p_now from entries order by member_id, ord
    returning member_id, kind, reference_type, reference_id, amount, balance_after
  )
  select w.member_id, w.kind, w.reference_type, w.reference_id, -w.amount, w.balance_after from written w;
end
$$;`);
    this.addSql(`create view ordering_upstream_pending as
select id, provider_id, provider_service_id, link, amount, service_type, comments from service_order
where status = 'PENDING' and provider_id is not null and provider_service_id is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop view if exists ordering_upstream_pending;`);
    this.addSql(`drop function if exists wallet_take_points(timestamptz, jsonb, boolean);`);
  }

}
