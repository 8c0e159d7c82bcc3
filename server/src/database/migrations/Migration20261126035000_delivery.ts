import { Migration } from '@mikro-orm/migrations';

export class Migration20261126035000_delivery extends Migration {

  override name = 'Migration20261126035000_delivery';

  override up(): void | Promise<void> {
    this.addSql(`create table "delivery" ("id" serial primary key, "channel" varchar(20) not null, "event" varchar(60) not null, "member_id" int null, "recipient" varchar(500) not null, "payload" jsonb not null, "dedupe_key" varchar(200) not null, "message_id" varchar(40) not null, "sequence_key" varchar(100) null, "status" varchar(20) not null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "last_status" int null, "last_answer" text null, "sent_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "delivery" add constraint "delivery_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`create index "delivery_due" on "delivery" ("id", "next_attempt_at") where status in ('PENDING', 'SENDING');`);
    this.addSql(`create index "delivery_sequence_pending" on "delivery" ("sequence_key", "id") where status in ('PENDING', 'SENDING') and sequence_key is not null;`);
    this.addSql(`create index "delivery_member" on "delivery" ("member_id", "channel", "id");`);
    this.addSql(`create table "webhook_endpoint" ("member_id" int not null, "url" varchar(500) not null, "secret" varchar(100) not null, "updated_at" timestamptz not null, constraint "webhook_endpoint_pkey" primary key ("member_id"));`);
    this.addSql(`create table "notice_preference" ("member_id" int not null, "event" varchar(40) not null, "choice" varchar(20) not null, constraint "notice_preference_pkey" primary key ("member_id", "event"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notice_preference" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoint" cascade;`);
    this.addSql(`drop table if exists "delivery" cascade;`);
  }

}
