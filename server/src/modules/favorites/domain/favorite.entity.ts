import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { PrimaryKeyProp } from '@mikro-orm/core';
import { entityNamed } from '../../../shared/index.js';

/** One member's 즐겨찾기 of one service: the order form's picker lists these first. */
@Entity({ tableName: 'service_favorite' })
export class Favorite {
  [PrimaryKeyProp]?: ['memberId', 'serviceId'];

  @PrimaryKey({ type: 'integer' })
  memberId!: number;

  @ManyToOne(entityNamed('Service'), {
    mapToPk: true,
    primary: true,
    joinColumn: 'service_id',
    deleteRule: 'cascade',
  })
  serviceId!: number;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
