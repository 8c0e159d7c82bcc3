import { Migration } from '@mikro-orm/migrations';

/**
 * When each order completed, for the services' 평균 완료 시간. Orders completed before this have only their last
 * change: that time stands in for it (a later start-count edit makes it a little long).
 */
export class Migration20261128150300_order_completed_at extends Migration {

  override name = 'Migration20261128150300_order_completed_at';

  override up(): void | Promise<void> {
    this.addSql(`alter table "service_order" add column "completed_at" timestamptz null;`);
    this.addSql(`update "service_order" set "completed_at" = "updated_at" where "status" = 'COMPLETED';`);
    this.addSql(`create index "service_order_completed" on "service_order" ("service_id", "completed_at" desc) where "status" = 'COMPLETED' and "completed_at" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "service_order_completed";`);
    this.addSql(`alter table "service_order" drop column if exists "completed_at";`);
  }

}
