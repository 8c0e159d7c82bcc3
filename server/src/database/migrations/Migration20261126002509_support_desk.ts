import { Migration } from '@mikro-orm/migrations';

/** The support desk: tickets tied to orders, their threads (answers and internal notes) and saved replies. */
export class Migration20261126002509_support_desk extends Migration {

  override name = 'Migration20261126002509_support_desk';

  override up(): void | Promise<void> {
    this.addSql(`create table "support_ticket" ("id" serial primary key, "member_id" int not null, "type" varchar(20) not null, "subject" varchar(100) not null, "status" text check ("status" in ('OPEN', 'ANSWERED', 'CLOSED')) not null default 'OPEN', "order_ids" int[] not null default '{}', "assignee_id" int null, "unread" boolean not null default true, "waiting_since" timestamptz null, "answered_at" timestamptz null, "closed_at" timestamptz null, "last_message_at" timestamptz not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 1);`);
    this.addSql(`create index "support_ticket_member" on "support_ticket" ("member_id", "status");`);
    this.addSql(`create index "support_ticket_status" on "support_ticket" ("status", "waiting_since");`);
    // The console's "order id" filter (order_ids @> '{123}').
    this.addSql(`create index "support_ticket_orders" on "support_ticket" using gin ("order_ids");`);
    this.addSql(`create table "support_ticket_message" ("id" serial primary key, "ticket_id" int not null, "author" varchar(10) not null, "author_id" int null, "body" text not null, "images" jsonb not null default '[]', "internal" boolean not null default false, "created_at" timestamptz not null);`);
    this.addSql(`alter table "support_ticket_message" add constraint "support_ticket_message_ticket_id_foreign" foreign key ("ticket_id") references "support_ticket" ("id");`);
    this.addSql(`create index "support_ticket_message_ticket" on "support_ticket_message" ("ticket_id", "id");`);
    this.addSql(`create table "support_saved_reply" ("id" serial primary key, "title" varchar(100) not null, "body" text not null, "created_at" timestamptz not null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "support_saved_reply" cascade;`);
    this.addSql(`drop table if exists "support_ticket_message" cascade;`);
    this.addSql(`drop table if exists "support_ticket" cascade;`);
  }

}
