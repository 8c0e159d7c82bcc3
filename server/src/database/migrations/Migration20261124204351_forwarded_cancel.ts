import { Migration } from '@mikro-orm/migrations';

export class Migration20261124204351_forwarded_cancel extends Migration {

  override name = 'Migration20261124204351_forwarded_cancel';

  override up(): void | Promise<void> {
    this.addSql(`alter table "service_order" add "cancel_requested_at" timestamptz null, add "cancel_forwarded_at" timestamptz null, add "cancel_refusal" varchar(500) null;`);
    this.addSql(`create index "service_order_cancel_requested" on "service_order" ("cancel_requested_at") where "cancel_requested_at" is not null and "cancel_forwarded_at" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "service_order_cancel_requested";`);
    this.addSql(`alter table "service_order" drop column "cancel_requested_at", drop column "cancel_forwarded_at", drop column "cancel_refusal";`);
  }

}
