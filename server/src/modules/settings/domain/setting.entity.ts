import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { SettingValue } from './setting-registry.js';

@Entity({ tableName: 'setting' })
export class Setting {
  @PrimaryKey({ type: 'string', length: 64 })
  key: string;

  @Property({ type: 'json' })
  value: SettingValue;

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  constructor(key: string, value: SettingValue) {
    this.key = key;
    this.value = value;
  }
}
