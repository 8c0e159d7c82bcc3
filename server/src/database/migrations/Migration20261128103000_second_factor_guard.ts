import { Migration } from '@mikro-orm/migrations';

/**
 * The code step holds against guessing and replay: each factor remembers the last TOTP time step it took
 * and counts wrong codes from every address in an hour (a lock when they reach the ceiling); each login
 * challenge is a row that takes a few tries and is used once.
 */
export class Migration20261128103000_second_factor_guard extends Migration {

  override name = 'Migration20261128103000_second_factor_guard';

  override up(): void | Promise<void> {
    this.addSql(`alter table "second_factor" add column "last_step" bigint null, add column "code_failures" int not null default 0, add column "code_failures_since" timestamptz null, add column "code_locked_until" timestamptz null;`);
    this.addSql(`create table "second_factor_challenge" ("id" varchar(32) not null, "tries" int not null default 0, "used_at" timestamptz null, "expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "second_factor_challenge_expires_at_index" on "second_factor_challenge" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "second_factor_challenge" cascade;`);
    this.addSql(`alter table "second_factor" drop column "last_step", drop column "code_failures", drop column "code_failures_since", drop column "code_locked_until";`);
  }

}
