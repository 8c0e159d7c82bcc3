import { Migration } from '@mikro-orm/migrations';

/** Operators get a role and can be disabled (existing ones, the bootstrap operator among them, become OWNER); commands above the threshold wait in approval. */
export class Migration20261126001631_operator_roles extends Migration {

  override name = 'Migration20261126001631_operator_roles';

  override up(): void | Promise<void> {
    this.addSql(`alter table "operator" add "role" text not null default 'OWNER', add "disabled_at" timestamptz null;`);
    this.addSql(`alter table "operator" alter column "role" drop default;`);
    this.addSql(`alter table "operator" add constraint "operator_role_check" check ("role" in ('OWNER', 'MANAGER', 'SUPPORT', 'ACCOUNTANT'));`);
    this.addSql(`create table "approval" ("id" serial primary key, "kind" text not null, "target_id" int not null, "amount" bigint not null, "payload" jsonb not null, "reason" varchar(500) not null, "status" text not null default 'PENDING', "requested_by_id" int not null, "requested_by_login_id" varchar(50) not null, "decided_by_id" int null, "decided_by_login_id" varchar(50) null, "created_at" timestamptz not null, "decided_at" timestamptz null, "result" jsonb null);`);
    this.addSql(`alter table "approval" add constraint "approval_kind_check" check ("kind" in ('points.adjust', 'charge.refund'));`);
    this.addSql(`alter table "approval" add constraint "approval_status_check" check ("status" in ('PENDING', 'APPROVED', 'REJECTED'));`);
    this.addSql(`create index "approval_pending" on "approval" ("status", "id");`);
    this.addSql(`create index "audit_log_operator" on "audit_log" ("operator_id", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "audit_log_operator";`);
    this.addSql(`drop table if exists "approval" cascade;`);
    this.addSql(`alter table "operator" drop constraint "operator_role_check";`);
    this.addSql(`alter table "operator" drop column "role", drop column "disabled_at";`);
  }

}
