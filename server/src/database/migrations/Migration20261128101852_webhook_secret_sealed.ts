import { Migration } from '@mikro-orm/migrations';

/**
 * The sealer the delivery module registers on the ORM's configuration before migrations run (it holds the
 * key, derived from the JWT secret): the same name in DeliveryModule.
 */
const SEALER = 'smm-panel:webhook-secret-sealer';

interface Sealer {
  sealWebhookSecret(secret: string): string;
  openWebhookSecret(sealed: string): string | null;
}

/** Webhook signing secrets are stored sealed like API keys: the clear ones are sealed in place. */
export class Migration20261128101852_webhook_secret_sealed extends Migration {

  override name = 'Migration20261128101852_webhook_secret_sealed';

  override async up(): Promise<void> {
    await this.execute(`alter table "webhook_endpoint" rename column "secret" to "secret_sealed";`);
    await this.execute(`alter table "webhook_endpoint" alter column "secret_sealed" type varchar(255);`);
    const rows = await this.execute(`select "member_id", "secret_sealed" from "webhook_endpoint" order by "member_id";`);
    if (rows.length === 0) return;
    const sealer = this.sealer();
    for (const row of rows)
      await this.execute(`update "webhook_endpoint" set "secret_sealed" = ? where "member_id" = ?;`, [
        sealer.sealWebhookSecret(String(row.secret_sealed)),
        row.member_id,
      ]);
  }

  override async down(): Promise<void> {
    const rows = await this.execute(`select "member_id", "secret_sealed" from "webhook_endpoint" order by "member_id";`);
    if (rows.length > 0) {
      const sealer = this.sealer();
      for (const row of rows) {
        const secret = sealer.openWebhookSecret(String(row.secret_sealed));
        if (secret === null) throw new Error(`webhook secret of member ${row.member_id} does not open with this JWT secret`);
        await this.execute(`update "webhook_endpoint" set "secret_sealed" = ? where "member_id" = ?;`, [secret, row.member_id]);
      }
    }
    await this.execute(`alter table "webhook_endpoint" alter column "secret_sealed" type varchar(100);`);
    await this.execute(`alter table "webhook_endpoint" rename column "secret_sealed" to "secret";`);
  }

  private sealer(): Sealer {
    const sealer = this.config.getExtension<Sealer>(SEALER);
    // Only the server holds the key: a database with webhooks is migrated by starting the server.
    if (!sealer) throw new Error('webhook secrets can be sealed only by the server (start it to migrate this database)');
    return sealer;
  }

}
