import { Migration } from '@mikro-orm/migrations';

export class Migration20261122023003_content extends Migration {

  override name = 'Migration20261122023003_content';

  override up(): void | Promise<void> {
    this.addSql(`create table "register_where" ("id" serial primary key, "text" varchar(100) not null, "sort_order" int not null default 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "register_where" cascade;`);
  }

}
