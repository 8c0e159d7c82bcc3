import { Migration } from '@mikro-orm/migrations';

export class Migration20261124201242_login_attempts extends Migration {

  override name = 'Migration20261124201242_login_attempts';

  override up(): void | Promise<void> {
    this.addSql(`create table "login_attempt" ("id" serial primary key, "kind" varchar(10) not null, "login_id" varchar(100) not null, "ip" varchar(64) not null, "result" text not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "login_attempt" add constraint "login_attempt_result_check" check ("result" in ('SUCCEEDED', 'FAILED', 'THROTTLED'));`);
    this.addSql(`create index "login_attempt_pair" on "login_attempt" ("kind", "login_id", "ip", "created_at");`);
    this.addSql(`create index "login_attempt_created_at" on "login_attempt" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "login_attempt" cascade;`);
  }

}
