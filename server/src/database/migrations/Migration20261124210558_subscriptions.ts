import { Migration } from '@mikro-orm/migrations';

/** Subscriptions (자동 좋아요): the prepaid subscription and the posts the provider covered (each a child order). */
export class Migration20261124210558_subscriptions extends Migration {

  override name = 'Migration20261124210558_subscriptions';

  override up(): void | Promise<void> {
    // Ids from the orders' sequence: API v2 answers a subscription's `add` with an order id, and `status` finds it by that id.
    this.addSql(`create table "order_subscription" ("id" int primary key default nextval('service_order_id_seq'), "member_id" int not null, "service_id" int not null, "username" varchar(100) not null, "min" int not null, "max" int not null, "posts" int not null, "old_posts" int not null default 0, "delay" int not null, "expiry" varchar(10) null, "point" bigint not null, "used" bigint not null default 0, "refunded" bigint not null default 0, "posts_used" int not null default 0, "status" text not null, "provider_id" int null, "provider_service_id" varchar(100) null, "provider_subscription_id" varchar(100) null, "last_error" varchar(500) null, "next_check_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "order_subscription_member" on "order_subscription" ("member_id", "created_at");`);
    this.addSql(`create index "order_subscription_due" on "order_subscription" ("status", "next_check_at");`);
    this.addSql(`alter table "order_subscription" add constraint "order_subscription_service_id_foreign" foreign key ("service_id") references "service" ("id");`);
    this.addSql(`alter table "order_subscription" add constraint "order_subscription_status_check" check ("status" in ('ACTIVE', 'PAUSED', 'COMPLETED', 'CANCELED', 'EXPIRED'));`);
    // What was used and refunded never exceeds what was paid.
    this.addSql(`alter table "order_subscription" add constraint "order_subscription_money_check" check ("used" >= 0 and "refunded" >= 0 and "used" + "refunded" <= "point");`);

    this.addSql(`create table "order_subscription_post" ("id" serial primary key, "subscription_id" int not null, "provider_order_id" varchar(100) not null, "order_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "order_subscription_post" add constraint "order_subscription_post_once" unique ("subscription_id", "provider_order_id");`);
    this.addSql(`alter table "order_subscription_post" add constraint "order_subscription_post_subscription_id_foreign" foreign key ("subscription_id") references "order_subscription" ("id");`);
    this.addSql(`alter table "order_subscription_post" add constraint "order_subscription_post_order_id_foreign" foreign key ("order_id") references "service_order" ("id");`);

    // The simulated provider's subscriptions (posts set) and their child orders (parent_id set).
    this.addSql(`alter table "simulated_provider_order" add column "parent_id" int null, add column "posts" int null, add column "delay" int not null default 0, add column "expiry" varchar(10) null;`);
    this.addSql(`create index "simulated_provider_order_parent" on "simulated_provider_order" ("parent_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "simulated_provider_order" drop column if exists "parent_id", drop column if exists "posts", drop column if exists "delay", drop column if exists "expiry";`);
    this.addSql(`drop table if exists "order_subscription_post" cascade;`);
    this.addSql(`drop table if exists "order_subscription" cascade;`);
  }

}
