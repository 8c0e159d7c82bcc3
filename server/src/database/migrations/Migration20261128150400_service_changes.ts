import { Migration } from '@mikro-orm/migrations';

/**
 * 서비스 변경 안내: the public change log of the catalogue (price rises and drops, services paused, resumed,
 * added or removed), written with each change; the digest to recent customers takes entries not yet noticed.
 */
export class Migration20261128150400_service_changes extends Migration {

  override name = 'Migration20261128150400_service_changes';

  override up(): void | Promise<void> {
    this.addSql(`create table "service_change" ("id" serial primary key, "service_id" int not null, "service_name" varchar(200) not null, "kind" varchar(20) not null, "source" varchar(20) not null, "old_point" numeric(16,6) null, "new_point" numeric(16,6) null, "per_package" boolean not null default false, "note" varchar(500) not null default '', "hidden" boolean not null default false, "created_at" timestamptz not null, "noticed_at" timestamptz null);`);
    this.addSql(`create index "service_change_created" on "service_change" ("created_at", "id");`);
    this.addSql(`create index "service_change_service" on "service_change" ("service_id", "id");`);
    this.addSql(`create index "service_change_unnoticed" on "service_change" ("id") where "noticed_at" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "service_change" cascade;`);
  }

}
