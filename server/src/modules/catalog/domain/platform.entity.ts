import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A social network the order page offers (docs/product.md §3 Platform: id, text, visible, background colour). */
@Entity({ tableName: 'platform' })
export class Platform {
  /** The spec's string id ('instagram', 'youtube' …); the storefront picks the icon by it. */
  @PrimaryKey({ type: 'string', length: 32 })
  id: string;

  @Property({ type: 'string', length: 200 })
  text: string;

  @Property({ type: 'boolean', default: true })
  visible: boolean = true;

  @Property({ type: 'string', length: 7, default: '' })
  bgColor: string = '';

  @Property({ type: 'integer', default: 0 })
  sortOrder: number = 0;

  constructor(props: { id: string; text: string; visible?: boolean; bgColor?: string; sortOrder?: number }) {
    this.id = props.id;
    this.text = props.text;
    Object.assign(this, {
      visible: props.visible ?? true,
      bgColor: props.bgColor ?? '',
      sortOrder: props.sortOrder ?? 0,
    });
  }
}
