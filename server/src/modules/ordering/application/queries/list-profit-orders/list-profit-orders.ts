import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** An order as the profit report reads it: who, what, which provider, paid and refunded (won). */
export interface ProfitOrder {
  id: number;
  createdAt: Date;
  memberId: number;
  serviceId: number;
  providerId: number | null;
  status: string;
  amount: number;
  remains: number | null;
  point: bigint;
  refunded: bigint;
}

interface ProfitRow {
  id: number;
  created_at: Date;
  member_id: number;
  service_id: number;
  provider_id: number | null;
  status: string;
  amount: number;
  remains: number | null;
  point: string;
  refunded: string;
}

const profitOrder = (r: ProfitRow): ProfitOrder => ({
  id: r.id,
  createdAt: new Date(r.created_at),
  memberId: r.member_id,
  serviceId: r.service_id,
  providerId: r.provider_id,
  status: r.status,
  amount: r.amount,
  remains: r.remains,
  point: BigInt(r.point),
  refunded: BigInt(r.refunded),
});

/** The dashboard's profit report: every order placed in [from, to), with what it was paid and refunded. */
@Injectable()
export class ListProfitOrders {
  constructor(private readonly em: EntityManager) {}

  async execute(from: Date, to: Date): Promise<ProfitOrder[]> {
    const rows = await this.em.fork().execute<ProfitRow[]>(
      `select id, created_at, member_id, service_id, provider_id, status, amount, remains, point, refunded
       from service_order where created_at >= ? and created_at < ? order by id`,
      [from, to],
    );
    return rows.map(profitOrder);
  }
}
