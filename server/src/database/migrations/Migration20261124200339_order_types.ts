import { Migration } from '@mikro-orm/migrations';

export class Migration20261124200339_order_types extends Migration {

  override name = 'Migration20261124200339_order_types';

  override up(): void | Promise<void> {
    this.addSql(`alter table "service_order" add "service_type" text not null default 'Default', add "comments" text null;`);
    this.addSql(`alter table "service_order" add constraint "service_order_service_type_check" check ("service_type" in ('Default', 'Custom Comments', 'Package', 'Subscriptions'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "service_order" drop constraint "service_order_service_type_check";`);
    this.addSql(`alter table "service_order" drop column "service_type", drop column "comments";`);
  }

}
