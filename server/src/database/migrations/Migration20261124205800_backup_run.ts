import { Migration } from '@mikro-orm/migrations';

export class Migration20261124205800_backup_run extends Migration {

  override name = 'Migration20261124205800_backup_run';

  override up(): void | Promise<void> {
    this.addSql(`create table "backup_run" ("day" varchar(10) not null, "claimed_at" timestamptz not null, "replica" varchar(200) not null, "file" varchar(500) null, "bytes" bigint null, "finished_at" timestamptz null, "error" text null, constraint "backup_run_pkey" primary key ("day"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "backup_run" cascade;`);
  }

}
