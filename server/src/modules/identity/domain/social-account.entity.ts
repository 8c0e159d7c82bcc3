import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Member } from './member.entity.js';

export enum SocialProvider {
  NAVER = 'NAVER',
  KAKAO = 'KAKAO',
}

/** A Naver or Kakao account bound to a member; (provider, provider user id) signs in as that member. */
@Entity({ tableName: 'social_account' })
@Unique({ name: 'social_account_provider_user', properties: ['provider', 'providerUserId'] })
@Index({ name: 'social_account_member', properties: ['member'] })
export class SocialAccount {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Enum({ items: () => SocialProvider, nativeEnumName: undefined })
  provider: SocialProvider;

  @Property({ type: 'string', length: 100 })
  providerUserId: string;

  @ManyToOne(() => Member)
  member: Member;

  @Property({ type: 'datetime' })
  createdAt: Date;

  constructor(provider: SocialProvider, providerUserId: string, member: Member, now: Date) {
    this.provider = provider;
    this.providerUserId = providerUserId;
    this.member = member;
    this.createdAt = now;
  }
}
