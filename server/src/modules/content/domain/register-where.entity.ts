import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A "how did you find us" option on the sign-up forms (spec: register-where option). */
@Entity({ tableName: 'register_where' })
export class RegisterWhere {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 100 })
  text: string;

  @Property({ type: 'integer', default: 0 })
  sortOrder: number = 0;

  constructor(text: string, sortOrder = 0) {
    this.text = text;
    this.sortOrder = sortOrder;
  }
}
