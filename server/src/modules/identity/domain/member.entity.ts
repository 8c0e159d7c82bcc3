import { Entity, Enum, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { DomainError } from '../../../shared/index.js';

export enum MemberStatus {
  ACTIVE = 'ACTIVE',
  SUSPENDED = 'SUSPENDED',
  DELETED = 'DELETED',
}

/** A customer account. Deleting one releases its id and contact data; the row stays for the money records. */
@Entity({ tableName: 'member' })
export class Member {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The id the member logs in with (spec: "id"); null once the account is deleted. */
  @Property({ type: 'string', length: 50, nullable: true })
  @Unique()
  loginId: string | null;

  @Property({ type: 'string', length: 255, nullable: true, hidden: true })
  passwordHash: string | null;

  @Property({ type: 'string', length: 254, nullable: true })
  @Unique()
  email: string | null;

  @Property({ type: 'string', length: 11, nullable: true })
  @Unique()
  phone: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  registerWhere: string | null;

  @Property({ type: 'string', length: 32, nullable: true })
  @Unique()
  referralCode: string | null = null;

  @ManyToOne(() => Member, { nullable: true })
  referredBy: Member | null = null;

  @Enum({ items: () => MemberStatus, nativeEnumName: undefined })
  status: MemberStatus = MemberStatus.ACTIVE;

  @Property({ type: 'datetime' })
  createdAt: Date;

  @Property({ type: 'datetime', nullable: true })
  deletedAt: Date | null = null;

  constructor(props: { loginId: string; passwordHash: string | null; email: string | null; phone: string | null; registerWhere: string | null; now: Date }) {
    this.loginId = props.loginId;
    this.passwordHash = props.passwordHash;
    this.email = props.email;
    this.phone = props.phone;
    this.registerWhere = props.registerWhere;
    this.createdAt = props.now;
  }

  get canLogIn(): boolean {
    return this.status === MemberStatus.ACTIVE;
  }

  suspend(): void {
    if (this.status === MemberStatus.DELETED) throw new DomainError('탈퇴한 회원입니다.');
    this.status = MemberStatus.SUSPENDED;
  }

  reinstate(): void {
    if (this.status === MemberStatus.DELETED) throw new DomainError('탈퇴한 회원입니다.');
    this.status = MemberStatus.ACTIVE;
  }

  /** Withdrawal: the id, contact data and credentials are released; orders and the ledger keep the row. */
  withdraw(now: Date): void {
    if (this.status === MemberStatus.DELETED) throw new DomainError('탈퇴한 회원입니다.');
    this.status = MemberStatus.DELETED;
    this.deletedAt = now;
    this.loginId = null;
    this.email = null;
    this.phone = null;
    this.passwordHash = null;
    this.referralCode = null;
  }
}
