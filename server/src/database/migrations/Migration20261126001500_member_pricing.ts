import { Migration } from '@mikro-orm/migrations';

export class Migration20261126001500_member_pricing extends Migration {

  override name = 'Migration20261126001500_member_pricing';

  override up(): void | Promise<void> {
    this.addSql(`create table "member_level" ("id" serial primary key, "name" varchar(50) not null, "threshold" bigint not null, "discount_percent" numeric(5,2) not null, "created_at" timestamptz not null default now(), constraint "member_level_discount" check ("discount_percent" >= 0 and "discount_percent" <= 100), constraint "member_level_threshold_positive" check ("threshold" >= 0));`);
    this.addSql(`alter table "member_level" add constraint "member_level_name" unique ("name");`);
    this.addSql(`alter table "member_level" add constraint "member_level_threshold" unique ("threshold");`);
    this.addSql(`create table "member_standing" ("member_id" int not null primary key references "member" ("id") on delete cascade, "level_id" int null references "member_level" ("id") on delete no action, "charged" bigint not null default 0, "updated_at" timestamptz not null default now());`);
    this.addSql(`create table "member_rate" ("member_id" int not null references "member" ("id") on delete cascade, "service_id" int not null references "service" ("id") on delete cascade, "point" numeric(16,6) not null, "updated_at" timestamptz not null default now(), primary key ("member_id", "service_id"), constraint "member_rate_positive" check ("point" > 0));`);
    // Members' accepted charges so far count toward their level.
    this.addSql(`insert into "member_standing" ("member_id", "charged") select "member_id", sum("point") from "charge" where "status" = 'SUCCESS' group by "member_id";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "member_rate";`);
    this.addSql(`drop table "member_standing";`);
    this.addSql(`drop table "member_level";`);
  }

}
