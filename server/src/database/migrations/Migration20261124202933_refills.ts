import { Migration } from '@mikro-orm/migrations';

export class Migration20261124202933_refills extends Migration {

  override name = 'Migration20261124202933_refills';

  override up(): void | Promise<void> {
    this.addSql(`create table "order_refill" ("id" serial primary key, "order_id" int not null, "member_id" int not null, "provider_id" int null, "provider_refill_id" varchar(100) null, "status" text not null, "reason" varchar(500) null, "next_check_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "order_refill_order" on "order_refill" ("order_id", "created_at");`);
    this.addSql(`create index "order_refill_status" on "order_refill" ("status", "next_check_at");`);
    // At most one open refill per order, whatever two requests race.
    this.addSql(`create unique index "order_refill_open" on "order_refill" ("order_id") where "status" in ('PENDING', 'PROCESSING');`);
    this.addSql(`alter table "order_refill" add constraint "order_refill_order_id_foreign" foreign key ("order_id") references "service_order" ("id");`);
    this.addSql(`alter table "order_refill" add constraint "order_refill_status_check" check ("status" in ('PENDING', 'PROCESSING', 'COMPLETED', 'REJECTED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "order_refill" cascade;`);
  }

}
