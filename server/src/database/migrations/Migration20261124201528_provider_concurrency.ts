import { Migration } from '@mikro-orm/migrations';

export class Migration20261124201528_provider_concurrency extends Migration {

  override name = 'Migration20261124201528_provider_concurrency';

  override up(): void | Promise<void> {
    this.addSql(`alter table "provider" add "max_concurrency" int not null default 10;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "provider" drop column "max_concurrency";`);
  }

}
