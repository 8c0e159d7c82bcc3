import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, Logger } from '@nestjs/common';
import { ChangeSetType, type EventSubscriber, type FlushEventArgs, type UnitOfWork } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { PRICE_UNIT_OF, priceFor, type ServiceChangeSource } from '../../../contracts/index.js';
import { Clock } from '../../../shared/index.js';
import { DeliveryFacade } from '../../delivery/index.js';
import { ServiceChange } from '../domain/service-change.entity.js';
import { serviceChangesOf, type ChangeFound, type ListedState } from '../domain/service-change-kinds.js';
import { Service } from '../domain/service.entity.js';

/** Who last wrote a service in this process: the price sync and the import say so; anything else is the console. */
const sources = new WeakMap<Service, ServiceChangeSource>();
export const markChangeSource = (service: Service, source: ServiceChangeSource): void => {
  sources.set(service, source);
};

/** Writes inside `work` leave no entry (the demo catalogue is not news). */
const quiet = new AsyncLocalStorage<true>();
export const withoutChangeLog = <T>(work: () => Promise<T>): Promise<T> => quiet.run(true, work);

interface Found extends ChangeFound {
  service: Service;
  source: ServiceChangeSource;
}

const stateOf = (data: Partial<Record<string, unknown>> | undefined, service: Service): ListedState => ({
  visible: typeof data?.visible === 'boolean' ? data.visible : service.visible,
  point: data?.point !== undefined && data.point !== null ? String(data.point) : service.point,
});

/**
 * Every write of a service, whoever makes it (the console's CRUD, the price sync, an operator applying a held
 * price, a provider import), becomes its change-log entries and `service.updated` webhooks in the same
 * transaction: seen when the flush is computed (the values before), written once it has run (a new service's id).
 */
@Injectable()
export class ServiceChangeRecorder implements EventSubscriber {
  private readonly logger = new Logger('ServiceChanges');
  private readonly pending = new WeakMap<UnitOfWork, Found[]>();

  constructor(
    em: EntityManager,
    private readonly clock: Clock,
    private readonly delivery: DeliveryFacade,
  ) {
    em.getEventManager().registerSubscriber(this);
  }

  onFlush({ uow }: FlushEventArgs): void {
    if (quiet.getStore()) return;
    const found: Found[] = [];
    for (const cs of uow.getChangeSets()) {
      if (!(cs.entity instanceof Service)) continue;
      const service = cs.entity;
      const original = cs.originalEntity as Partial<Record<string, unknown>> | undefined;
      let changes: ChangeFound[];
      if (cs.type === ChangeSetType.CREATE) changes = serviceChangesOf(null, stateOf(undefined, service));
      else if (cs.type === ChangeSetType.DELETE || cs.type === ChangeSetType.DELETE_EARLY)
        changes = serviceChangesOf(stateOf(original, service), null);
      else changes = serviceChangesOf(stateOf(original, service), stateOf(undefined, service));
      const source = sources.get(service) ?? 'CONSOLE';
      sources.delete(service);
      for (const change of changes) found.push({ ...change, service, source });
    }
    if (found.length > 0) this.pending.set(uow, found);
  }

  async afterFlush({ em, uow }: FlushEventArgs): Promise<void> {
    const found = this.pending.get(uow);
    if (!found) return;
    this.pending.delete(uow);
    if (!em.isInTransaction()) this.logger.warn('a service was written outside a transaction: its entries follow it');
    const tx = em as EntityManager;
    const now = this.clock.now();
    for (const change of found) {
      const { service } = change;
      const perPackage = service.type === 'Package';
      const id = await tx.insert(ServiceChange, {
        serviceId: service.id,
        serviceName: service.text,
        kind: change.kind,
        source: change.source,
        oldPoint: change.oldPoint,
        newPoint: change.newPoint,
        perPackage,
        note: '',
        hidden: false,
        createdAt: now,
      });
      const per = PRICE_UNIT_OF(perPackage);
      // v2's words: `service` and `rate` (the list price of 1000, a package's of one); a member's own price may differ.
      await this.delivery.webhookBroadcast(
        tx,
        'service.updated',
        {
          service: service.id,
          name: service.text,
          change: change.kind.toLowerCase(),
          old_rate: change.oldPoint === null ? null : priceFor(change.oldPoint, per),
          rate: change.newPoint === null ? null : priceFor(change.newPoint, per),
          currency: 'KRW',
          at: now.toISOString(),
        },
        `service-change:${id}`,
        `service:${service.id}`,
      );
    }
  }
}
