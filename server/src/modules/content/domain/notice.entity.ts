import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A notice on the order page: pinned ones (isTop) first, optionally on a background colour. */
@Entity({ tableName: 'notice' })
export class Notice {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  content!: string;

  @Property({ type: 'boolean', default: false })
  isTop: boolean = false;

  /** #RRGGBB or null. */
  @Property({ type: 'string', length: 7, nullable: true })
  bgColor: string | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
