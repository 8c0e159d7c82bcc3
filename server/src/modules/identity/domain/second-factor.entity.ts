import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

/**
 * A member's or operator's TOTP second factor. The secret is sealed (identity's SecretBox); an enrolment
 * keeps the new secret in `pendingSealed` until a code from the app confirms it.
 */
@Entity({ tableName: 'second_factor' })
@Unique({ name: 'second_factor_subject_unique', properties: ['kind', 'subjectId'] })
export class SecondFactor {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 10 })
  kind: 'member' | 'operator';

  @Property({ type: 'integer' })
  subjectId: number;

  @Property({ type: 'string', length: 255, nullable: true, hidden: true })
  secretSealed: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true, hidden: true })
  pendingSealed: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  enabledAt: Date | null = null;

  /** The TOTP time step (unix seconds / 30) of the last code taken: that step and older are refused (replay). */
  @Property({ type: 'bigint', nullable: true })
  lastStep: string | null = null;

  /** Wrong codes from every address since `codeFailuresSince` (an hour's window). */
  @Property({ type: 'integer', default: 0 })
  codeFailures = 0;

  @Property({ type: 'datetime', nullable: true })
  codeFailuresSince: Date | null = null;

  /** While in the future, no code is checked for this account. */
  @Property({ type: 'datetime', nullable: true })
  codeLockedUntil: Date | null = null;

  constructor(kind: 'member' | 'operator', subjectId: number) {
    this.kind = kind;
    this.subjectId = subjectId;
  }

  get enabled(): boolean {
    return !!this.enabledAt && !!this.secretSealed;
  }

  /** A new secret waits for its first code; an enabled factor is not replaced this way. */
  begin(sealed: string): void {
    this.pendingSealed = sealed;
    this.lastStep = null;
  }

  /** The pending secret becomes the factor. */
  confirm(now: Date): void {
    if (!this.pendingSealed) throw new Error('no pending enrolment');
    this.secretSealed = this.pendingSealed;
    this.pendingSealed = null;
    this.enabledAt = now;
  }
}

/** One single-use recovery code, stored as its SHA-256 (the codes are random, 50 bits each). */
@Entity({ tableName: 'recovery_code' })
@Index({ name: 'recovery_code_factor', properties: ['secondFactorId', 'codeHash'] })
export class RecoveryCode {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  secondFactorId: number;

  @Property({ type: 'string', length: 64 })
  codeHash: string;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  constructor(secondFactorId: number, codeHash: string) {
    this.secondFactorId = secondFactorId;
    this.codeHash = codeHash;
  }
}

/** A login's second-step challenge: a few code tries, then void; used once. */
@Entity({ tableName: 'second_factor_challenge' })
export class SecondFactorChallengeRow {
  @PrimaryKey({ type: 'string', length: 32 })
  id: string;

  @Property({ type: 'integer', default: 0 })
  tries = 0;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime', index: true })
  expiresAt: Date;

  constructor(id: string, expiresAt: Date) {
    this.id = id;
    this.expiresAt = expiresAt;
  }
}
