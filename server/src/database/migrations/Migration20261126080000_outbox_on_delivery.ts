import { Migration } from '@mikro-orm/migrations';

/**
 * Mail and SMS go through the delivery engine: the old outbox's rows become delivery history (their text
 * was stored masked, so nothing secret moves), then the table goes.
 */
export class Migration20261126080000_outbox_on_delivery extends Migration {

  override name = 'Migration20261126080000_outbox_on_delivery';

  override up(): void | Promise<void> {
    this.addSql(`insert into "delivery" ("channel", "event", "member_id", "recipient", "payload", "dedupe_key", "message_id", "sequence_key", "status", "attempts", "next_attempt_at", "last_status", "last_answer", "sent_at", "created_at")
      select o."channel", 'identity.message', null, o."recipient",
             case when o."subject" is null then jsonb_build_object('text', o."body") else jsonb_build_object('subject', o."subject", 'text', o."body") end,
             'outbox:' || o."id", 'msg_outbox_' || o."id", null, o."status", case when o."status" = 'STORED' then 0 else 1 end,
             o."created_at", null, o."error", case when o."status" = 'SENT' then o."created_at" end, o."created_at"
        from "outbox_message" o order by o."id"
      on conflict ("dedupe_key") do nothing;`);
    this.addSql(`drop table if exists "outbox_message" cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create table "outbox_message" ("id" serial primary key, "channel" text not null, "recipient" varchar(254) not null, "subject" varchar(200) null, "body" text not null, "status" text not null, "error" varchar(500) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "outbox_message_recipient" on "outbox_message" ("recipient");`);
    this.addSql(`alter table "outbox_message" add constraint "outbox_message_channel_check" check ("channel" in ('EMAIL', 'SMS'));`);
    this.addSql(`alter table "outbox_message" add constraint "outbox_message_status_check" check ("status" in ('SENT', 'FAILED', 'STORED'));`);
  }

}
