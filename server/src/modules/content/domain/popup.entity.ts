import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A full-screen image popup shown before the pages while enabled. */
@Entity({ tableName: 'popup' })
export class Popup {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'boolean', default: true })
  enabled: boolean = true;

  /** /uploads/<file> or an http(s) address. */
  @Property({ type: 'string', length: 500 })
  imageUrl!: string;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
