import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export type SessionKind = 'member' | 'operator';

/**
 * One login of a member or an operator: the device and address it came from, when it was opened and last
 * used. Access tokens carry its id and are refused once it is revoked; its refresh token is
 * `<id>.<generation>.<mac>`, rotated on every refresh (an older generation coming back revokes the session).
 */
@Entity({ tableName: 'auth_session' })
@Index({ name: 'auth_session_subject', properties: ['kind', 'subjectId', 'createdAt'] })
export class AuthSession {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 10 })
  kind: SessionKind;

  /** The member's or the operator's id. */
  @Property({ type: 'integer' })
  subjectId: number;

  /** The browser's User-Agent, shortened. */
  @Property({ type: 'string', length: 200 })
  device: string;

  @Property({ type: 'string', length: 64 })
  ip: string;

  @Property({ type: 'datetime' })
  createdAt: Date;

  @Property({ type: 'datetime' })
  lastSeenAt: Date;

  /** The refresh token's generation now accepted; every refresh moves it on by one. */
  @Property({ type: 'integer', default: 0 })
  refreshGeneration = 0;

  /** Per-session random part of every refresh token's MAC (never shown). */
  @Property({ type: 'string', length: 64, hidden: true })
  refreshSalt: string;

  /** Wall time after which the refresh token is no longer taken. */
  @Property({ type: 'datetime' })
  expiresAt: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  /** Why it ended: logout, logout-all, password, second-factor, suspended, refresh-reuse ... */
  @Property({ type: 'string', length: 30, nullable: true })
  revokedReason: string | null = null;

  constructor(
    props: Pick<AuthSession, 'kind' | 'subjectId' | 'device' | 'ip' | 'refreshSalt' | 'expiresAt'> & { now: Date },
  ) {
    this.kind = props.kind;
    this.subjectId = props.subjectId;
    this.device = props.device;
    this.ip = props.ip;
    this.refreshSalt = props.refreshSalt;
    this.expiresAt = props.expiresAt;
    this.createdAt = props.now;
    this.lastSeenAt = props.now;
  }
}
