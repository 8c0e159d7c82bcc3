import { Migration } from '@mikro-orm/migrations';

/** TOTP second factors (sealed secrets) with their hashed single-use recovery codes; 로그인 기록 records the code step. */
export class Migration20261126041000_second_factor extends Migration {

  override name = 'Migration20261126041000_second_factor';

  override up(): void | Promise<void> {
    this.addSql(`create table "second_factor" ("id" serial primary key, "kind" varchar(10) not null, "subject_id" int not null, "secret_sealed" varchar(255) null, "pending_sealed" varchar(255) null, "enabled_at" timestamptz null, constraint "second_factor_subject_unique" unique ("kind", "subject_id"));`);
    this.addSql(`create table "recovery_code" ("id" serial primary key, "second_factor_id" int not null references "second_factor" ("id") on delete cascade, "code_hash" varchar(64) not null, "used_at" timestamptz null);`);
    this.addSql(`create index "recovery_code_factor" on "recovery_code" ("second_factor_id", "code_hash");`);
    this.addSql(`alter table "login_attempt" drop constraint if exists "login_attempt_result_check";`);
    this.addSql(`alter table "login_attempt" add constraint "login_attempt_result_check" check ("result" in ('SUCCEEDED', 'FAILED', 'THROTTLED', 'CODE_REQUIRED', 'CODE_SUCCEEDED', 'CODE_FAILED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "login_attempt" where "result" like 'CODE_%';`);
    this.addSql(`alter table "login_attempt" drop constraint if exists "login_attempt_result_check";`);
    this.addSql(`alter table "login_attempt" add constraint "login_attempt_result_check" check ("result" in ('SUCCEEDED', 'FAILED', 'THROTTLED'));`);
    this.addSql(`drop table if exists "recovery_code" cascade;`);
    this.addSql(`drop table if exists "second_factor" cascade;`);
  }

}
