import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../../shared/index.js';
import { Member } from '../domain/member.entity.js';
import type { MemberLevelView } from '../../../contracts/index.js';
import { MemberLevelReader, PointBalanceReader } from './ports.js';
import { IdentitySecrets } from './secrets.js';

export interface Profile {
  id: string;
  point: bigint;
  apiKey: string | null;
  referralCode: string | null;
  /** 회원 등급: the level, its discount and what is left to the next. */
  level: MemberLevelView<bigint>;
}

@Injectable()
export class ProfileService {
  constructor(
    private readonly em: EntityManager,
    private readonly balances: PointBalanceReader,
    private readonly secrets: IdentitySecrets,
    private readonly levels: MemberLevelReader,
  ) {}

  /** docs/product.md §3: the owner's own view, including the API key in plaintext (decrypted from its sealed copy). */
  async profile(memberId: number): Promise<Profile> {
    const member = await this.em.fork().findOne(Member, memberId);
    if (!member?.loginId) throw new NotFoundError();
    return {
      id: member.loginId,
      point: await this.balances.balanceOf(member.id),
      apiKey: member.apiKeyCipher ? this.secrets.apiKeys.open(member.apiKeyCipher) : null,
      referralCode: member.referralCode,
      level: await this.levels.levelOf(member.id),
    };
  }
}
