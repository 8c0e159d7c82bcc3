import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** One row per UTC day: the replica that inserted it makes that day's backup (see BackupJob). */
@Entity({ tableName: 'backup_run' })
export class BackupRun {
  @PrimaryKey({ type: 'string', length: 10 })
  day!: string;

  @Property({ type: 'datetime' })
  claimedAt!: Date;

  @Property({ type: 'string', length: 200 })
  replica!: string;

  @Property({ type: 'string', length: 500, nullable: true })
  file?: string | null;

  @Property({ type: 'bigint', nullable: true })
  bytes?: bigint | null;

  @Property({ type: 'datetime', nullable: true })
  finishedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  error?: string | null;
}
