import { Migration } from '@mikro-orm/migrations';

export class Migration20261124210400_provider_errors extends Migration {

  override name = 'Migration20261124210400_provider_errors';

  override up(): void | Promise<void> {
    this.addSql(`alter table "provider" add "consecutive_errors" int not null default 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "provider" drop column "consecutive_errors";`);
  }

}
