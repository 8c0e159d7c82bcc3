import { Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GUIDE_DEVICES, type GuideDevice } from '../../../contracts/content.js';

/** The link-guide page's image for one kind of device (one each for desktop and mobile). */
@Entity({ tableName: 'guide_image' })
export class GuideImage {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Enum({ items: [...GUIDE_DEVICES] })
  @Unique({ name: 'guide_image_device_unique' })
  device!: GuideDevice;

  @Property({ type: 'string', length: 500 })
  imageUrl!: string;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
