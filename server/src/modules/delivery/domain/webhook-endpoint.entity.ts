import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A reseller's webhook: where events go and the Standard Webhooks secret (whsec_…) they are signed with. */
@Entity({ tableName: 'webhook_endpoint' })
export class WebhookEndpoint {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  memberId!: number;

  @Property({ type: 'string', length: 500 })
  url!: string;

  @Property({ type: 'string', length: 100, hidden: true })
  secret!: string;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
