import { Migration } from '@mikro-orm/migrations';

export class Migration20261124195844_service_types extends Migration {

  override name = 'Migration20261124195844_service_types';

  override up(): void | Promise<void> {
    this.addSql(`alter table "service" add "type" text not null default 'Default', add "refill" boolean not null default false, add "refill_days" int not null default 30, add "cancel" boolean not null default false;`);
    this.addSql(`alter table "service" add constraint "service_type_check" check ("type" in ('Default', 'Custom Comments', 'Package', 'Subscriptions'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "service" drop constraint "service_type_check";`);
    this.addSql(`alter table "service" drop column "type", drop column "refill", drop column "refill_days", drop column "cancel";`);
  }

}
