import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Platform } from './platform.entity.js';

/** A group of services within a platform (docs/product.md §3 Category: id, platform), e.g. 인스타그램 팔로워. */
@Entity({ tableName: 'category' })
@Index({ name: 'category_platform', properties: ['platform', 'sortOrder'] })
export class Category {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The platform's id; a platform with categories cannot be deleted. */
  @ManyToOne(() => Platform, { mapToPk: true, joinColumn: 'platform_id', deleteRule: 'no action' })
  platform: string;

  @Property({ type: 'string', length: 200 })
  text: string;

  @Property({ type: 'integer', default: 0 })
  sortOrder: number = 0;

  constructor(props: { platform: string; text: string; sortOrder?: number }) {
    this.platform = props.platform;
    this.text = props.text;
    this.sortOrder = props.sortOrder ?? 0;
  }
}
