import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * An image a member uploaded for a 1:1 문의 (served at `url`): whose it is, so only its owner can attach it,
 * and whether a ticket took it; one no ticket took within a day is removed with its file (the cleanup job).
 */
@Entity({ tableName: 'member_upload' })
@Index({ name: 'member_upload_member', properties: ['memberId', 'createdAt'] })
@Index({
  name: 'member_upload_unattached',
  expression: `create index "member_upload_unattached" on "member_upload" ("created_at") where attached_at is null`,
})
export class MemberUpload {
  @PrimaryKey({ type: 'string', length: 80 })
  url!: string;

  @Property({ type: 'integer' })
  memberId!: number;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  attachedAt: Date | null = null;
}
