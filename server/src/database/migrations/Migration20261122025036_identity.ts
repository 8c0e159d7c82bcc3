import { Migration } from '@mikro-orm/migrations';

export class Migration20261122025036_identity extends Migration {

  override name = 'Migration20261122025036_identity';

  override up(): void | Promise<void> {
    this.addSql(`create table "outbox_message" ("id" serial primary key, "channel" text not null, "recipient" varchar(254) not null, "subject" varchar(200) null, "body" text not null, "status" text not null, "error" varchar(500) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "outbox_message_recipient" on "outbox_message" ("recipient");`);

    this.addSql(`create table "password_reset" ("jti" uuid not null, "member_id" int not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("jti"));`);
    this.addSql(`create index "password_reset_member_id_index" on "password_reset" ("member_id");`);

    this.addSql(`create table "rate_limit_counter" ("key" varchar(300) not null, "window_start" timestamptz not null, "hits" int not null, primary key ("key"));`);
    this.addSql(`create index "rate_limit_counter_window_start_index" on "rate_limit_counter" ("window_start");`);

    this.addSql(`create table "social_account" ("id" serial primary key, "provider" text not null, "provider_user_id" varchar(100) not null, "member_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "social_account_member" on "social_account" ("member_id");`);
    this.addSql(`alter table "social_account" add constraint "social_account_provider_user" unique ("provider", "provider_user_id");`);

    this.addSql(`create table "verification_code" ("id" serial primary key, "channel" text not null, "recipient" varchar(254) not null, "code" varchar(5) not null, "expires_at" timestamptz not null, "attempts" int not null, "consumed_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "verification_code_recipient" on "verification_code" ("channel", "recipient");`);

    this.addSql(`alter table "member" add "api_key_hash" varchar(64) null, add "api_key_cipher" text null, add "session_version" int not null default 0;`);
    this.addSql(`alter table "member" add constraint "member_api_key_hash_unique" unique ("api_key_hash");`);

    this.addSql(`alter table "outbox_message" add constraint "outbox_message_channel_check" check ("channel" in ('EMAIL', 'SMS'));`);
    this.addSql(`alter table "outbox_message" add constraint "outbox_message_status_check" check ("status" in ('SENT', 'FAILED', 'STORED'));`);

    this.addSql(`alter table "social_account" add constraint "social_account_member_id_foreign" foreign key ("member_id") references "member" ("id");`);
    this.addSql(`alter table "social_account" add constraint "social_account_provider_check" check ("provider" in ('NAVER', 'KAKAO'));`);

    this.addSql(`alter table "verification_code" add constraint "verification_code_channel_check" check ("channel" in ('EMAIL', 'PHONE'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "outbox_message" cascade;`);
    this.addSql(`drop table if exists "password_reset" cascade;`);
    this.addSql(`drop table if exists "rate_limit_counter" cascade;`);
    this.addSql(`drop table if exists "social_account" cascade;`);
    this.addSql(`drop table if exists "verification_code" cascade;`);

    this.addSql(`alter table "member" drop constraint "member_api_key_hash_unique";`);
    this.addSql(`alter table "member" drop column "api_key_hash", drop column "api_key_cipher", drop column "session_version";`);
  }

}
