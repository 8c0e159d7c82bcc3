import { Migration } from '@mikro-orm/migrations';

/** 즐겨찾기: each member's starred services (a deleted service takes its stars with it). */
export class Migration20261128150310_service_favorite extends Migration {

  override name = 'Migration20261128150310_service_favorite';

  override up(): void | Promise<void> {
    this.addSql(`create table "service_favorite" ("member_id" int not null, "service_id" int not null, "created_at" timestamptz not null, constraint "service_favorite_pkey" primary key ("member_id", "service_id"));`);
    this.addSql(`alter table "service_favorite" add constraint "service_favorite_service_id_foreign" foreign key ("service_id") references "service" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "service_favorite" cascade;`);
  }

}
