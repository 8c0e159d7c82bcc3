import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, DomainError } from '../../../shared/index.js';
import { CatalogFacade } from '../../catalog/index.js';
import { Favorite } from '../domain/favorite.entity.js';

/** 즐겨찾기: each member's starred services, kept in a table of their own. */
@Injectable()
export class Favorites {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly clock: Clock,
  ) {}

  /** The member's favourites that can still be seen, newest first. */
  async list(memberId: number): Promise<number[]> {
    const rows = await this.em
      .fork()
      .find(Favorite, { memberId }, { fields: ['serviceId'], orderBy: { createdAt: 'DESC', serviceId: 'ASC' } });
    const services = await this.catalog.servicesByIds(rows.map((r) => r.serviceId));
    return rows.map((r) => r.serviceId).filter((id) => services.get(id)?.visible === true);
  }

  /** Stars a visible service; starring it again changes nothing. */
  async add(memberId: number, serviceId: number): Promise<number[]> {
    const service = await this.catalog.getService(serviceId);
    if (!service?.visible) throw new DomainError('FAVORITE_SERVICE_NOT_FOUND');
    await this.em
      .fork()
      .getConnection()
      .execute(
        `insert into service_favorite (member_id, service_id, created_at) values (?, ?, ?) on conflict do nothing`,
        [memberId, serviceId, this.clock.now()],
      );
    return this.list(memberId);
  }

  /** Unstars a service (also one hidden since it was starred); unstarring it again changes nothing. */
  async remove(memberId: number, serviceId: number): Promise<number[]> {
    const deleted = await this.em.fork().nativeDelete(Favorite, { memberId, serviceId });
    if (deleted === 0 && !(await this.catalog.getService(serviceId)))
      throw new DomainError('FAVORITE_SERVICE_NOT_FOUND');
    return this.list(memberId);
  }
}
