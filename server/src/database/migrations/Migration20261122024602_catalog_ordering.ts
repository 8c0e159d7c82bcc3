import { Migration } from '@mikro-orm/migrations';

export class Migration20261122024602_catalog_ordering extends Migration {

  override name = 'Migration20261122024602_catalog_ordering';

  override up(): void | Promise<void> {
    this.addSql(`create table "order_idempotency_key" ("member_id" int not null, "key" varchar(100) not null, "fingerprint" varchar(64) not null, "response" jsonb not null, "created_at" timestamptz not null, primary key ("member_id", "key"));`);

    this.addSql(`create table "platform" ("id" varchar(32) not null, "text" varchar(200) not null, "visible" boolean not null default true, "bg_color" varchar(7) not null default '', "sort_order" int not null default 0, primary key ("id"));`);

    this.addSql(`create table "category" ("id" serial primary key, "platform_id" varchar(32) not null, "text" varchar(200) not null, "sort_order" int not null default 0);`);
    this.addSql(`create index "category_platform" on "category" ("platform_id", "sort_order");`);

    this.addSql(`create table "service" ("id" serial primary key, "text" varchar(200) not null, "point" numeric(16,6) not null, "min" int not null, "max" int not null, "notice" text not null default '', "category_id" int not null, "is_read_only" boolean not null default false, "enable_auto" boolean not null default false, "visible" boolean not null default true, "sort_order" int not null default 0, "provider_id" int null, "provider_service_id" varchar(100) null);`);
    this.addSql(`create index "service_category" on "service" ("category_id", "sort_order");`);
    this.addSql(`alter table "service" add constraint "service_provider_service" unique ("provider_id", "provider_service_id");`);

    this.addSql(`create table "auto_order" ("id" serial primary key, "member_id" int not null, "service_id" int not null, "link" varchar(1000) not null, "amount" int not null, "runs" int not null, "interval_minutes" int not null, "completed" int not null default 0, "point" bigint not null, "refunded" bigint not null default '0', "status" text not null default 'ACTIVE', "next_run_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "auto_order_member_created" on "auto_order" ("member_id", "created_at");`);
    this.addSql(`create index "auto_order_due" on "auto_order" ("status", "next_run_at");`);

    this.addSql(`create table "service_order" ("id" serial primary key, "member_id" int not null, "service_id" int not null, "link" varchar(1000) not null, "amount" int not null, "point" bigint not null, "refunded" bigint not null default '0', "status" text not null default 'PENDING', "start_count" int null, "remains" int null, "auto_order_id" int null, "runs" int not null default 0, "interval_minutes" int not null default 0, "run_number" int null, "provider_id" int null, "provider_service_id" varchar(100) null, "provider_order_id" varchar(100) null, "dispatch_attempts" int not null default 0, "next_dispatch_at" timestamptz null, "last_error" varchar(1000) null, "last_synced_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "service_order_created" on "service_order" ("created_at");`);
    this.addSql(`create index "service_order_dispatch" on "service_order" ("status", "next_dispatch_at");`);
    this.addSql(`create index "service_order_member_created" on "service_order" ("member_id", "created_at");`);
    this.addSql(`alter table "service_order" add constraint "service_order_run" unique ("auto_order_id", "run_number");`);

    this.addSql(`alter table "category" add constraint "category_platform_id_foreign" foreign key ("platform_id") references "platform" ("id") on delete no action;`);

    this.addSql(`alter table "service" add constraint "service_category_id_foreign" foreign key ("category_id") references "category" ("id") on delete no action;`);

    this.addSql(`alter table "auto_order" add constraint "auto_order_service_id_foreign" foreign key ("service_id") references "service" ("id") on delete no action;`);
    this.addSql(`alter table "auto_order" add constraint "auto_order_status_check" check ("status" in ('ACTIVE', 'COMPLETED', 'CANCLED', 'PARTIAL'));`);

    this.addSql(`alter table "service_order" add constraint "service_order_service_id_foreign" foreign key ("service_id") references "service" ("id") on delete no action;`);
    this.addSql(`alter table "service_order" add constraint "service_order_auto_order_id_foreign" foreign key ("auto_order_id") references "auto_order" ("id") on delete no action;`);
    this.addSql(`alter table "service_order" add constraint "service_order_status_check" check ("status" in ('PENDING', 'PROCESSING', 'INPROGRESS', 'COMPLETED', 'PARTIAL', 'CANCELED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "category" drop constraint "category_platform_id_foreign";`);
    this.addSql(`alter table "service" drop constraint "service_category_id_foreign";`);
    this.addSql(`alter table "auto_order" drop constraint "auto_order_service_id_foreign";`);
    this.addSql(`alter table "service_order" drop constraint "service_order_service_id_foreign";`);
    this.addSql(`alter table "service_order" drop constraint "service_order_auto_order_id_foreign";`);

    this.addSql(`drop table if exists "order_idempotency_key" cascade;`);
    this.addSql(`drop table if exists "platform" cascade;`);
    this.addSql(`drop table if exists "category" cascade;`);
    this.addSql(`drop table if exists "service" cascade;`);
    this.addSql(`drop table if exists "auto_order" cascade;`);
    this.addSql(`drop table if exists "service_order" cascade;`);
  }

}
