import { Migration } from '@mikro-orm/migrations';

/**
 * One rate-limit mechanism: identity's fixed-window counters and API v2's per-member buckets become GCRA
 * buckets keyed by what they limit, in one UNLOGGED table. Their state is not carried over: every key starts
 * with a full bucket, as after a crash.
 */
export class Migration20261126113000_rate_bucket extends Migration {

  override name = 'Migration20261126113000_rate_bucket';

  override up(): void | Promise<void> {
    this.addSql(`create unlogged table "rate_bucket" ("key" varchar(300) not null, "tat" bigint not null, primary key ("key"));`);
    this.addSql(`drop table if exists "rate_limit_counter" cascade;`);
    this.addSql(`drop table if exists "reseller_api_rate" cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create unlogged table "reseller_api_rate" ("member_id" int not null, "tat" bigint not null, primary key ("member_id"));`);
    this.addSql(`create table "rate_limit_counter" ("key" varchar(300) not null, "window_start" timestamptz not null, "hits" int not null, primary key ("key"));`);
    this.addSql(`create index "rate_limit_counter_window_start_index" on "rate_limit_counter" ("window_start");`);
    this.addSql(`drop table if exists "rate_bucket" cascade;`);
  }

}
