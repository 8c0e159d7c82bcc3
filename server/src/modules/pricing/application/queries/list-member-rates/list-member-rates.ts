import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CatalogFacade } from '../../../../catalog/index.js';
import { MemberRate } from '../../../domain/member-rate.entity.js';

/** A custom rate as the console lists it. */
export interface MemberRateRow {
  id: number;
  serviceId: number;
  service: string;
  listPoint: string;
  point: string;
  updatedAt: Date;
}

@Injectable()
export class ListMemberRates {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
  ) {}

  /** The member's custom rates with each service's list price. */
  async execute(memberId: number): Promise<MemberRateRow[]> {
    const rows = await this.em.fork().find(MemberRate, { memberId }, { orderBy: { serviceId: 'ASC' } });
    const services = await this.catalog.servicesByIds(rows.map((r) => r.serviceId));
    return rows.map((r) => ({
      id: r.serviceId,
      serviceId: r.serviceId,
      service: services.get(r.serviceId)?.text ?? '',
      listPoint: services.get(r.serviceId)?.point ?? '',
      point: r.point,
      updatedAt: r.updatedAt,
    }));
  }
}
