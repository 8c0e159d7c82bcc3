import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A reseller's webhook: where events go and the Standard Webhooks secret (whsec_…) they are signed with,
 * stored sealed (MessageSeal) like API keys: shown once, when created or rotated.
 */
@Entity({ tableName: 'webhook_endpoint' })
export class WebhookEndpoint {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  memberId!: number;

  @Property({ type: 'string', length: 500 })
  url!: string;

  @Property({ type: 'string', length: 255, hidden: true })
  secretSealed!: string;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
