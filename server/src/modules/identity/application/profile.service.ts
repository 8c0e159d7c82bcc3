import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../../shared/index.js';
import { Member } from '../domain/member.entity.js';

export interface Profile {
  id: string;
  point: bigint;
  apiKey: string | null;
  referralCode: string | null;
}

@Injectable()
export class ProfileService {
  constructor(private readonly em: EntityManager) {}

  async profile(memberId: number): Promise<Profile> {
    const member = await this.em.fork().findOne(Member, memberId);
    if (!member?.loginId) throw new NotFoundError();
    // TODO(wallet): point comes from the wallet facade once the ledger lands (ordering issue).
    return { id: member.loginId, point: 0n, apiKey: null, referralCode: member.referralCode };
  }
}
