import { Migration } from '@mikro-orm/migrations';

/** Sessions of members and operators (device, address, refresh rotation, revocation) and the login throttle's atomic counters. */
export class Migration20261126014500_auth_sessions extends Migration {

  override name = 'Migration20261126014500_auth_sessions';

  override up(): void | Promise<void> {
    this.addSql(`create table "auth_session" ("id" serial primary key, "kind" varchar(10) not null, "subject_id" int not null, "device" varchar(200) not null, "ip" varchar(64) not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "refresh_generation" int not null default 0, "refresh_salt" varchar(64) not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "revoked_reason" varchar(30) null);`);
    this.addSql(`create index "auth_session_subject" on "auth_session" ("kind", "subject_id", "created_at");`);
    this.addSql(`create table "login_counter" ("kind" varchar(10) not null, "login_id" varchar(100) not null, "ip" varchar(64) not null, "failures" int not null, "last_at" timestamptz not null, primary key ("kind", "login_id", "ip"));`);
    this.addSql(`create index "login_counter_last_at_index" on "login_counter" ("last_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "login_counter" cascade;`);
    this.addSql(`drop table if exists "auth_session" cascade;`);
  }

}
