import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../../shared/index.js';
import { Member } from '../domain/member.entity.js';
import { PointBalanceReader } from './ports.js';

export interface Profile {
  id: string;
  point: bigint;
  apiKey: string | null;
  referralCode: string | null;
}

@Injectable()
export class ProfileService {
  constructor(
    private readonly em: EntityManager,
    private readonly balances: PointBalanceReader,
  ) {}

  async profile(memberId: number): Promise<Profile> {
    const member = await this.em.fork().findOne(Member, memberId);
    if (!member?.loginId) throw new NotFoundError();
    return { id: member.loginId, point: await this.balances.balanceOf(member.id), apiKey: null, referralCode: member.referralCode };
  }
}
