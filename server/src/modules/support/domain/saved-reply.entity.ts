import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** 저장된 답변: an answer operators reuse. */
@Entity({ tableName: 'support_saved_reply' })
export class SavedReply {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 100 })
  title!: string;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
