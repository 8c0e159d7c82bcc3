import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A question and its answer on /qna, in the operator's order. */
@Entity({ tableName: 'faq' })
export class Faq {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  answer!: string;

  @Property({ type: 'integer', default: 0 })
  sortOrder: number = 0;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
