import { Migration } from '@mikro-orm/migrations';

/** Issue 28: open-ended subscriptions (posts = 0): what their posts were debited as placed, and why one paused. */
export class Migration20261126020800_open_ended_subscriptions extends Migration {
  override name = 'Migration20261126020800_open_ended_subscriptions';

  override up(): void | Promise<void> {
    this.addSql(`alter table "order_subscription" add "debited" bigint not null default '0', add "pause_reason" varchar(500) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "order_subscription" drop column "pause_reason", drop column "debited";`);
  }
}
