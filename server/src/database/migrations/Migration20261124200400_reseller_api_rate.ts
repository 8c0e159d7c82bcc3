import { Migration } from '@mikro-orm/migrations';

export class Migration20261124200400_reseller_api_rate extends Migration {

  override name = 'Migration20261124200400_reseller_api_rate';

  override up(): void | Promise<void> {
    this.addSql(`create table "reseller_api_rate" ("member_id" int not null, "tat" bigint not null, primary key ("member_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "reseller_api_rate" cascade;`);
  }

}
