import { Migration } from '@mikro-orm/migrations';

/** Fulfilment's dispatch record moves out of service_order into its own table (ordering keeps provider_id and provider_service_id). */
export class Migration20261124230100_order_dispatch extends Migration {

  override name = 'Migration20261124230100_order_dispatch';

  override up(): void | Promise<void> {
    this.addSql(`create table "order_dispatch" ("order_id" int primary key, "provider_id" int not null, "provider_order_id" varchar(100) null, "attempts" int not null default 0, "next_attempt_at" timestamptz null, "last_error" varchar(1000) null, "last_synced_at" timestamptz null, "finished_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "order_dispatch" add constraint "order_dispatch_order_id_foreign" foreign key ("order_id") references "service_order" ("id");`);
    // Every order fulfilment has touched: placed upstream, tried, noted or polled.
    this.addSql(`insert into "order_dispatch" ("order_id", "provider_id", "provider_order_id", "attempts", "next_attempt_at", "last_error", "last_synced_at", "finished_at", "created_at", "updated_at")
      select "id", "provider_id", "provider_order_id", "dispatch_attempts", case when "provider_order_id" is null and "status" = 'PENDING' then "next_dispatch_at" end, "last_error", "last_synced_at",
        case when "status" in ('COMPLETED', 'PARTIAL', 'CANCELED') then "updated_at" end, "created_at", "updated_at"
      from "service_order"
      where "provider_id" is not null and ("provider_order_id" is not null or "dispatch_attempts" > 0 or "last_error" is not null or "last_synced_at" is not null);`);
    this.addSql(`create index "order_dispatch_due" on "order_dispatch" ("next_attempt_at") where "provider_order_id" is null and "next_attempt_at" is not null;`);
    this.addSql(`create index "order_dispatch_sync" on "order_dispatch" ("last_synced_at" nulls first, "order_id") where "provider_order_id" is not null and "finished_at" is null;`);
    this.addSql(`drop index "service_order_dispatch";`);
    this.addSql(`alter table "service_order" drop column "provider_order_id", drop column "dispatch_attempts", drop column "next_dispatch_at", drop column "last_error", drop column "last_synced_at";`);
    // Ordering's own read of orders waiting to be placed (the sender's claim starts from it).
    this.addSql(`create index "service_order_pending" on "service_order" ("id") where "status" = 'PENDING' and "provider_id" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "service_order_pending";`);
    this.addSql(`alter table "service_order" add "provider_order_id" varchar(100) null, add "dispatch_attempts" int not null default 0, add "next_dispatch_at" timestamptz null, add "last_error" varchar(1000) null, add "last_synced_at" timestamptz null;`);
    this.addSql(`update "service_order" o set "provider_order_id" = d."provider_order_id", "dispatch_attempts" = d."attempts", "next_dispatch_at" = d."next_attempt_at", "last_error" = d."last_error", "last_synced_at" = d."last_synced_at" from "order_dispatch" d where d."order_id" = o."id";`);
    this.addSql(`update "service_order" set "next_dispatch_at" = "created_at" where "status" = 'PENDING' and "provider_id" is not null and "provider_service_id" is not null and "id" not in (select "order_id" from "order_dispatch");`);
    this.addSql(`create index "service_order_dispatch" on "service_order" ("status", "next_dispatch_at");`);
    this.addSql(`drop table if exists "order_dispatch" cascade;`);
  }

}
