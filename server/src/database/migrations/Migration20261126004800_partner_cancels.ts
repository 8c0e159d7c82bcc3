import { Migration } from '@mikro-orm/migrations';

/** Subscriptions: a member's cancel forwarded to the provider (requested, forwarded, refusal), and the send in flight. */
export class Migration20261126004800_partner_cancels extends Migration {

  override name = 'Migration20261126004800_partner_cancels';

  override up(): void | Promise<void> {
    this.addSql(`alter table "order_subscription" add column "sending_at" timestamptz null, add column "cancel_requested_at" timestamptz null, add column "cancel_forwarded_at" timestamptz null, add column "cancel_refusal" varchar(500) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "order_subscription" drop column "sending_at", drop column "cancel_requested_at", drop column "cancel_forwarded_at", drop column "cancel_refusal";`);
  }

}
