import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** One operator action: who did what to which record, the record before and after, and when. */
@Entity({ tableName: 'audit_log' })
@Index({ name: 'audit_log_resource', properties: ['resource', 'resourceId'] })
export class AuditLog {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', nullable: true })
  operatorId: number | null;

  @Property({ type: 'string', length: 50 })
  operatorLoginId: string;

  /** A verb such as update, create, delete, accept, reject, cancel, adjust. */
  @Property({ type: 'string', length: 50 })
  action: string;

  /** The console's resource name (settings, charges, orders, members ...). */
  @Property({ type: 'string', length: 50 })
  resource: string;

  @Property({ type: 'string', length: 100 })
  resourceId: string;

  @Property({ type: 'json', nullable: true })
  before: unknown;

  @Property({ type: 'json', nullable: true })
  after: unknown;

  @Property({ type: 'datetime' })
  createdAt: Date;

  constructor(props: Omit<AuditLog, 'id'>) {
    this.operatorId = props.operatorId;
    this.operatorLoginId = props.operatorLoginId;
    this.action = props.action;
    this.resource = props.resource;
    this.resourceId = props.resourceId;
    this.before = props.before;
    this.after = props.after;
    this.createdAt = props.createdAt;
  }
}
