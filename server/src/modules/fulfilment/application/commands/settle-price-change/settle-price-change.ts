import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../../../audit/index.js';
import { CatalogFacade } from '../../../../catalog/index.js';
import { Clock, DomainError, NotFoundError } from '../../../../../shared/index.js';
import { PriceChange } from '../../../domain/price-change.entity.js';
import { sameDecimal } from '../../../domain/pricing.js';
import { Provider } from '../../../domain/provider.entity.js';
import { markupPrice, view } from '../../service-prices.js';

/** An operator's answer to a change the sync held: apply it, or dismiss it. */
@Injectable()
export class SettlePriceChange {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly catalog: CatalogFacade,
    private readonly audit: AuditFacade,
  ) {}

  /** An operator applies a held change: the rate and the price it makes now, if the service still stands where it was held. */
  async apply(id: number, actor: AuditActor): Promise<PriceChange> {
    return this.settle(id, actor, async (tx, change) => {
      if (change.newRate === null || !/[1-9]/.test(change.newRate)) throw new DomainError('PRICE_CHANGE_ZERO_RATE');
      const service =
        change.serviceId === null ? null : await this.catalog.lockServiceForPriceSync(tx, change.serviceId);
      const stale =
        !service ||
        service.providerRate === null ||
        change.oldRate === null ||
        !sameDecimal(service.providerRate, change.oldRate);
      if (stale) throw new DomainError('PRICE_CHANGE_STALE');
      const provider = await tx.findOneOrFail(Provider, { id: change.providerId });
      const before = view(service);
      const point = markupPrice(service, change.newRate);
      this.catalog.applyPriceSync(service, {
        providerRate: change.newRate,
        providerCurrencyRate: provider.currencyRate,
        ...(sameDecimal(point, service.point) ? {} : { point }),
      });
      change.newPoint = point;
      this.audit.record(tx, actor, {
        action: 'price-change-apply',
        resource: 'services',
        resourceId: service.id,
        before,
        after: { ...view(service), priceChange: change.id },
      });
      return 'APPLIED';
    });
  }

  /** An operator dismisses a held change: nothing is applied (the next sync holds it again if the provider still lists it). */
  dismiss(id: number, actor: AuditActor): Promise<PriceChange> {
    return this.settle(id, actor, () => Promise.resolve('DISMISSED' as const));
  }

  private settle(
    id: number,
    actor: AuditActor,
    work: (tx: EntityManager, change: PriceChange) => Promise<'APPLIED' | 'DISMISSED'>,
  ): Promise<PriceChange> {
    return this.em.fork().transactional(async (tx) => {
      const found = await tx.findOne(PriceChange, { id });
      if (!found) throw new NotFoundError('PRICE_CHANGE_MISSING');
      // After the provider's lock, as a sync takes them: a sync and a settle never cross.
      await tx.execute('select id from provider where id = ? for update', [found.providerId]);
      await tx.refresh(found);
      if (found.status !== 'HELD') throw new DomainError('PRICE_CHANGE_NOT_HELD');
      const status = await work(tx, found);
      found.resolve(status, actor.loginId, this.clock.now());
      this.audit.record(tx, actor, {
        action: status === 'APPLIED' ? 'apply' : 'dismiss',
        resource: 'price-changes',
        resourceId: found.id,
        before: { status: 'HELD' },
        after: { status },
      });
      return found;
    });
  }
}
