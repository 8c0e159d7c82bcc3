import { Migration } from '@mikro-orm/migrations';

export class Migration20261124210300_operator_alert extends Migration {

  override name = 'Migration20261124210300_operator_alert';

  override up(): void | Promise<void> {
    this.addSql(`create table "operator_alert" ("id" serial primary key, "kind" varchar(40) not null, "text" text not null, "dedupe_key" varchar(200) not null, "status" varchar(20) not null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "last_error" text null, "sent_at" timestamptz null, "mailed_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "operator_alert" add constraint "operator_alert_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`create index "operator_alert_next_attempt_at_index" on "operator_alert" ("next_attempt_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "operator_alert" cascade;`);
  }

}
