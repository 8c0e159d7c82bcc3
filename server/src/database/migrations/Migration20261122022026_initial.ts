import { Migration } from '@mikro-orm/migrations';

export class Migration20261122022026_initial extends Migration {

  override name = 'Migration20261122022026_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "member" ("id" serial primary key, "login_id" varchar(50) null, "password_hash" varchar(255) null, "email" varchar(254) null, "phone" varchar(11) null, "register_where" varchar(100) null, "referral_code" varchar(32) null, "referred_by_id" int null, "status" text not null, "created_at" timestamptz not null, "deleted_at" timestamptz null);`);
    this.addSql(`alter table "member" add constraint "member_login_id_unique" unique ("login_id");`);
    this.addSql(`alter table "member" add constraint "member_email_unique" unique ("email");`);
    this.addSql(`alter table "member" add constraint "member_phone_unique" unique ("phone");`);
    this.addSql(`alter table "member" add constraint "member_referral_code_unique" unique ("referral_code");`);

    this.addSql(`create table "operator" ("id" serial primary key, "login_id" varchar(50) not null, "password_hash" varchar(255) not null, "created_at" timestamptz not null, "last_login_at" timestamptz null);`);
    this.addSql(`alter table "operator" add constraint "operator_login_id_unique" unique ("login_id");`);

    this.addSql(`create table "setting" ("key" varchar(64) not null, "value" jsonb not null, "updated_at" timestamptz not null, primary key ("key"));`);

    this.addSql(`alter table "member" add constraint "member_referred_by_id_foreign" foreign key ("referred_by_id") references "member" ("id") on delete set null;`);
    this.addSql(`alter table "member" add constraint "member_status_check" check ("status" in ('ACTIVE', 'SUSPENDED', 'DELETED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "member" drop constraint "member_referred_by_id_foreign";`);

    this.addSql(`drop table if exists "member" cascade;`);
    this.addSql(`drop table if exists "operator" cascade;`);
    this.addSql(`drop table if exists "setting" cascade;`);
  }

}
