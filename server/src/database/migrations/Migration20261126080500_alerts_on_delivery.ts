import { Migration } from '@mikro-orm/migrations';

/**
 * Operator alerts are sent by the delivery engine: each alert's Telegram sending becomes a delivery row
 * (history for those sent; a pending one is still sent, with the next digest), then the alert keeps
 * only what it says.
 */
export class Migration20261126080500_alerts_on_delivery extends Migration {

  override name = 'Migration20261126080500_alerts_on_delivery';

  override up(): void | Promise<void> {
    this.addSql(`insert into "delivery" ("channel", "event", "member_id", "recipient", "payload", "dedupe_key", "message_id", "sequence_key", "status", "attempts", "next_attempt_at", "last_status", "last_answer", "sent_at", "created_at")
      select 'TELEGRAM', 'alert.' || a."kind", null, 'telegram',
             jsonb_build_object('digest', true, 'subject', '[SMM 알림] ' || a."kind", 'text', a."text"),
             'alert:telegram:' || a."id", 'msg_alert_' || a."id", null, a."status", a."attempts",
             a."next_attempt_at", null, a."last_error", a."sent_at", a."created_at"
        from "operator_alert" a order by a."id"
      on conflict ("dedupe_key") do nothing;`);
    this.addSql(`drop index if exists "operator_alert_next_attempt_at_index";`);
    this.addSql(`alter table "operator_alert" drop column "status", drop column "attempts", drop column "next_attempt_at", drop column "last_error", drop column "sent_at", drop column "mailed_at";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "operator_alert" add column "status" varchar(20) not null default 'SENT', add column "attempts" int not null default 0, add column "next_attempt_at" timestamptz not null default now(), add column "last_error" text null, add column "sent_at" timestamptz null, add column "mailed_at" timestamptz null;`);
    this.addSql(`create index "operator_alert_next_attempt_at_index" on "operator_alert" ("next_attempt_at");`);
  }

}
