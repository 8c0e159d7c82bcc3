import { Entity, Enum, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { MEMBER_MOVES, MEMBER_STATUS_LABELS, MemberStatus } from '../../../contracts/index.js';
import { DomainError, TransitionTable } from '../../../shared/index.js';

/** The vocabulary, its labels and moves: contracts/statuses.ts. */
export { MemberStatus };

/** The member state machine: operators suspend and reinstate; a member withdraws (for good). */
export const MEMBER_TRANSITIONS = new TransitionTable<MemberStatus>({
  entity: 'Member',
  noun: '회원',
  labels: MEMBER_STATUS_LABELS,
  moves: MEMBER_MOVES,
  refusals: {
    [MemberStatus.ACTIVE]: { [MemberStatus.ACTIVE]: '이미 정상 상태인 회원입니다.' },
    [MemberStatus.SUSPENDED]: { [MemberStatus.SUSPENDED]: '이미 정지된 회원입니다.' },
    [MemberStatus.DELETED]: '이미 탈퇴한 회원입니다.',
  },
});

/** What decides whether a member's access token still stands (read on every member request). */
export type SessionFacts = Pick<Member, 'status' | 'loginId' | 'sessionVersion'>;

const mayLogIn = (member: Pick<SessionFacts, 'status' | 'loginId'>): boolean =>
  member.status === MemberStatus.ACTIVE && member.loginId !== null;

/** Whether an access token of session version `version` still stands for a member in this state. */
export function sessionStands(member: SessionFacts, version: unknown): boolean {
  return mayLogIn(member) && version === member.sessionVersion;
}

export interface NewMember {
  loginId: string;
  passwordHash: string | null;
  email: string | null;
  phone: string | null;
  registerWhere: string | null;
  referredBy?: Member | null;
  /** The consents given at sign-up (terms and privacy are required, so always true for a new member). */
  consents?: { marketing: boolean; termsVersion: string };
  now: Date;
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

  /** argon2id; null for a member who signed up through Naver or Kakao (and after withdrawal). */
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

  /** SHA-256 (hex) of the reseller API key: the key is looked up by it. */
  @Property({ type: 'string', length: 64, nullable: true, hidden: true })
  @Unique()
  apiKeyHash: string | null = null;

  /** The key itself, AES-256-GCM encrypted, so the owner's profile can show it (docs/product.md §2 /account). */
  @Property({ type: 'text', nullable: true, hidden: true })
  apiKeyCipher: string | null = null;

  /** Carried by access tokens (`ver`); bumped by a password change, reset or suspension, which ends every open session. */
  @Property({ type: 'integer', hidden: true, default: 0 })
  sessionVersion = 0;

  @Enum({ items: () => MemberStatus, nativeEnumName: undefined })
  status: MemberStatus = MemberStatus.ACTIVE;

  @Property({ type: 'datetime' })
  createdAt: Date;

  @Property({ type: 'datetime', nullable: true })
  deletedAt: Date | null = null;

  /** When the member agreed to the terms of service and to the privacy policy, and to which version (null: before consents were asked). */
  @Property({ type: 'datetime', nullable: true })
  termsAgreedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  privacyAgreedAt: Date | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  termsVersion: string | null = null;

  /** When the member agreed to marketing messages; null when not. */
  @Property({ type: 'datetime', nullable: true })
  marketingAgreedAt: Date | null = null;

  constructor(props: NewMember) {
    this.loginId = props.loginId;
    this.passwordHash = props.passwordHash;
    this.email = props.email;
    this.phone = props.phone;
    this.registerWhere = props.registerWhere;
    this.referredBy = props.referredBy ?? null;
    this.createdAt = props.now;
    if (props.consents) {
      this.termsAgreedAt = props.now;
      this.privacyAgreedAt = props.now;
      this.termsVersion = props.consents.termsVersion;
      this.marketingAgreedAt = props.consents.marketing ? props.now : null;
    }
  }

  get canLogIn(): boolean {
    return mayLogIn(this);
  }

  /** Whether an access token of session version `version` still stands for this member ({@link sessionStands}). */
  acceptsSession(version: unknown): boolean {
    return sessionStands(this, version);
  }

  private moveTo(next: MemberStatus): void {
    MEMBER_TRANSITIONS.assert(this.status, next);
    this.status = next;
  }

  /** Suspension also ends every open session; after reinstatement the member logs in again. */
  suspend(): void {
    this.moveTo(MemberStatus.SUSPENDED);
    this.sessionVersion++;
  }

  reinstate(): void {
    this.moveTo(MemberStatus.ACTIVE);
  }

  /** A new password ends every session opened with the old one. */
  setPassword(passwordHash: string): void {
    this.passwordHash = passwordHash;
    this.sessionVersion++;
  }

  setApiKey(hash: string, cipher: string): void {
    this.apiKeyHash = hash;
    this.apiKeyCipher = cipher;
  }

  /** docs/product.md §6: only when the member has none. */
  issueReferralCode(code: string): void {
    if (this.referralCode) throw new DomainError('REFERRAL_EXISTS');
    this.referralCode = code;
  }

  /** Withdrawal: the id, contact data and credentials are released; orders and the ledger keep the row. */
  withdraw(now: Date): void {
    this.moveTo(MemberStatus.DELETED);
    this.deletedAt = now;
    this.loginId = null;
    this.email = null;
    this.phone = null;
    this.passwordHash = null;
    this.referralCode = null;
    this.apiKeyHash = null;
    this.apiKeyCipher = null;
  }
}
