import { Migration } from '@mikro-orm/migrations';

export class Migration20261122023237_audit extends Migration {

  override name = 'Migration20261122023237_audit';

  override up(): void | Promise<void> {
    this.addSql(`create table "audit_log" ("id" serial primary key, "operator_id" int null, "operator_login_id" varchar(50) not null, "action" varchar(50) not null, "resource" varchar(50) not null, "resource_id" varchar(100) not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null);`);
    this.addSql(`create index "audit_log_resource" on "audit_log" ("resource", "resource_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);
  }

}
