import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 29: a dispatch record says where it stands in a status column (fulfilment's DISPATCH_TRANSITIONS)
 * instead of by which columns are null and a "[확인 필요]" prefix on its note. The backfill reads today's
 * combinations exactly: a provider order id is SENT (FLAGGED with the prefix, FINISHED once ended); without
 * one, a next attempt is DUE, an end is ORPHANED, a claim's or resend's write-ahead note CLAIMED, the rest
 * (held, the provider may have it) UNCERTAIN. The partial indexes follow the status.
 */
export class Migration20261126081000_dispatch_status extends Migration {

  override name = 'Migration20261126081000_dispatch_status';

  override up(): void | Promise<void> {
    this.addSql(`alter table "order_dispatch" add "status" text null;`);
    this.addSql(`update "order_dispatch" set "status" = case
      when "provider_order_id" is not null and "finished_at" is not null then 'FINISHED'
      when "provider_order_id" is not null and "last_error" like '[확인 필요]%' then 'FLAGGED'
      when "provider_order_id" is not null then 'SENT'
      when "next_attempt_at" is not null then 'DUE'
      when "finished_at" is not null then 'ORPHANED'
      when "last_error" like '[확인 필요] 공급사 전송 결과를 받지 못했습니다%' or "last_error" like '[확인 필요] 운영자 재전송 중%' then 'CLAIMED'
      else 'UNCERTAIN' end;`);
    this.addSql(`alter table "order_dispatch" alter column "status" set not null, add constraint "order_dispatch_status_check" check ("status" in ('DUE', 'CLAIMED', 'UNCERTAIN', 'SENT', 'FLAGGED', 'FINISHED', 'ORPHANED'));`);
    this.addSql(`drop index "order_dispatch_due";`);
    this.addSql(`create index "order_dispatch_due" on "order_dispatch" ("next_attempt_at") where "status" = 'DUE';`);
    this.addSql(`drop index "order_dispatch_sync";`);
    this.addSql(`create index "order_dispatch_sync" on "order_dispatch" ("last_synced_at" nulls first, "order_id") where "status" in ('SENT', 'FLAGGED');`);
    this.addSql(`create index "order_dispatch_check" on "order_dispatch" ("status") where "status" in ('CLAIMED', 'UNCERTAIN', 'FLAGGED');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "order_dispatch_check";`);
    this.addSql(`drop index "order_dispatch_sync";`);
    this.addSql(`create index "order_dispatch_sync" on "order_dispatch" ("last_synced_at" nulls first, "order_id") where "provider_order_id" is not null and "finished_at" is null;`);
    this.addSql(`drop index "order_dispatch_due";`);
    this.addSql(`create index "order_dispatch_due" on "order_dispatch" ("next_attempt_at") where "provider_order_id" is null and "next_attempt_at" is not null;`);
    this.addSql(`alter table "order_dispatch" drop column "status";`);
  }
}
