import { Migration } from '@mikro-orm/migrations';

/**
 * The delivery claim's lanes (each member's webhooks; each other channel) as an index, so a claim finds
 * the lanes by skipping through it and reads only the first few unsent messages of each: its cost follows
 * what it takes, not the backlog (a reseller's 10,000 pending webhooks made every claim read all of them).
 */
export class Migration20261128212000_delivery_lane extends Migration {
  override name = 'Migration20261128212000_delivery_lane';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "delivery_lane" on "delivery" ("channel", (case when channel = 'WEBHOOK' then coalesce(member_id, 0) else 0 end), "id") where status in ('PENDING', 'SENDING')`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "delivery_lane"`);
  }
}
