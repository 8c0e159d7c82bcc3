import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LockMode, type EventSubscriber } from '@mikro-orm/core';
import type { z } from 'zod';
import {
  categoryInputSchema,
  platformInputSchema,
  serviceInputSchema,
  unitPriceSchema,
  type BackupProvider,
  type ServiceCost,
  type ServiceType,
} from '../../../contracts/index.js';
import { DomainError, ShortCache } from '../../../shared/index.js';
import { Category } from '../domain/category.entity.js';
import { Platform } from '../domain/platform.entity.js';
import { Service, type ServiceProps } from '../domain/service.entity.js';
import { markChangeSource, withoutChangeLog } from './service-change-recorder.js';

/** What fulfilment's service import passes: one upstream service, keyed by (providerId, providerServiceId). */
export interface ProviderServiceInput {
  providerId: number;
  providerServiceId: string;
  text: string;
  /** Unit price in won as a decimal string, up to 6 fraction digits ("0.35"). */
  point: string;
  min: number;
  max: number;
  categoryId: number;
  notice?: string;
  enableAuto?: boolean;
  /** The upstream's service type and flags (after any operator override); omitted: an existing row keeps its own. */
  type?: ServiceType;
  refill?: boolean;
  refillDays?: number;
  cancel?: boolean;
  /** The provider's rate per 1000 (its currency) the price was made from. */
  providerRate?: string;
  /** Won per unit of the provider's currency the price was made with. */
  providerCurrencyRate?: string;
}

/** What fulfilment needs of the service an order was sold as to place it and know its cost. */
export interface UpstreamTerms {
  serviceId: number;
  providerRate: string | null;
  type: ServiceType;
  backupProviders: BackupProvider[];
}

export type PriceSyncChanges = Partial<
  Pick<
    ServiceProps,
    | 'point'
    | 'providerRate'
    | 'providerCurrencyRate'
    | 'markupPoint'
    | 'markupRate'
    | 'min'
    | 'max'
    | 'visible'
    | 'backupProviders'
  >
>;

export const termsKey = (providerId: number, providerServiceId: string) => `${providerId}:${providerServiceId}`;

const bySortOrder = { sortOrder: 'ASC', id: 'ASC' } as const;

/** Every order reads its service: a process keeps each one this long (as settings are kept). */
const SERVICE_CACHE_MS = 2_000;

/** The catalogue as other contexts see it: ordering reads services, fulfilment imports upstream ones. */
@Injectable()
export class CatalogFacade implements EventSubscriber<Service> {
  private readonly services = new ShortCache<number, Service | null>(SERVICE_CACHE_MS, (id) =>
    this.em.fork().findOne(Service, { id }),
  );
  private readonly categoryPlatforms = new ShortCache<number, string | null>(SERVICE_CACHE_MS, (id) =>
    this.em
      .fork()
      .findOne(Category, { id }, { fields: ['platform'] })
      .then((c) => (c ? String(c.platform) : null)),
  );

  // Every member's price is floored at these (pricing): all services whose upstream cost is known, in one read.
  private readonly costs = new ShortCache<0, ServiceCost[]>(SERVICE_CACHE_MS, () => this.readCosts());

  constructor(private readonly em: EntityManager) {
    // Any write of a service through this process (console, provider import) drops the kept copies.
    em.getEventManager().registerSubscriber(this);
  }

  getSubscribedEntities() {
    return [Service];
  }

  afterCreate(): void {
    this.forget();
  }

  afterUpdate(): void {
    this.forget();
  }

  afterDelete(): void {
    this.forget();
  }

  private forget(): void {
    this.services.forget();
    this.costs.forget();
  }

  /**
   * What each service with a known upstream rate costs us a unit (millionths of a won, rounded up) beside its list
   * price: the floor of every member's price. `fresh`: read now (a command checking a price), else a copy kept
   * as long as services are.
   */
  serviceCosts(options: { fresh?: boolean } = {}): Promise<ServiceCost[]> {
    return options.fresh ? this.readCosts() : this.costs.get(0);
  }

  private async readCosts(): Promise<ServiceCost[]> {
    const rows = await this.em
      .fork()
      .find(
        Service,
        { providerRate: { $ne: null } },
        { fields: ['id', 'point', 'providerRate', 'providerCurrencyRate', 'type'], orderBy: { id: 'ASC' } },
      );
    return rows.flatMap((s) => {
      const cost = s.unitCost();
      return cost === null || cost === 0n ? [] : [{ id: s.id, point: s.point, cost, perPackage: s.type === 'Package' }];
    });
  }

  /** A detached copy kept up to {@link SERVICE_CACHE_MS}: read it, do not change it. */
  getService(id: number): Promise<Service | null> {
    return this.services.get(id);
  }

  /** The platform id ("instagram") a category belongs to, kept as services are: order links are checked against it. */
  platformOfCategory(categoryId: number): Promise<string | null> {
    return this.categoryPlatforms.get(categoryId);
  }

  /** Services in display order; hidden ones only when asked. */
  listServices(options: { includeHidden?: boolean } = {}): Promise<Service[]> {
    return this.em.fork().find(Service, options.includeHidden ? {} : { visible: true }, { orderBy: bySortOrder });
  }

  async servicesByIds(ids: number[]): Promise<Map<number, Service>> {
    const unique = [...new Set(ids)];
    const rows = unique.length === 0 ? [] : await this.em.fork().find(Service, { id: { $in: unique } });
    return new Map(rows.map((s) => [s.id, s]));
  }

  listPlatforms(): Promise<Platform[]> {
    return this.em.fork().find(Platform, {}, { orderBy: bySortOrder });
  }

  listCategories(): Promise<Category[]> {
    return this.em.fork().find(Category, {}, { orderBy: bySortOrder });
  }

  /**
   * Creates or updates the service an upstream offers, in the caller's transaction. An existing row keeps
   * what the import does not pass (visibility, read-only flag, sort order, and notice/enableAuto if omitted).
   */
  async upsertProviderService(
    tx: EntityManager,
    input: ProviderServiceInput,
  ): Promise<{ service: Service; created: boolean }> {
    const point = unitPriceSchema.safeParse(input.point);
    if (!point.success)
      throw new DomainError('CATALOG_IMPORT_INVALID', {
        service: `${input.providerId}/${input.providerServiceId}`,
        reason: `${point.error.issues[0]?.message}`,
      });
    if (!Number.isInteger(input.min) || !Number.isInteger(input.max) || input.min < 1 || input.min > input.max) {
      throw new DomainError('CATALOG_IMPORT_INVALID', {
        service: `${input.providerId}/${input.providerServiceId}`,
        reason: `min/max ${input.min}/${input.max}`,
      });
    }
    const fields = {
      text: input.text.slice(0, 200),
      point: point.data,
      min: input.min,
      max: input.max,
      categoryId: input.categoryId,
      notice: input.notice,
      enableAuto: input.enableAuto,
      type: input.type,
      refill: input.refill,
      refillDays: input.refillDays,
      cancel: input.cancel,
      providerRate: input.providerRate,
      providerCurrencyRate: input.providerCurrencyRate,
    };
    const existing = await tx.findOne(Service, {
      providerId: input.providerId,
      providerServiceId: input.providerServiceId,
    });
    if (existing) {
      markChangeSource(existing, 'IMPORT');
      existing.apply(fields);
      existing.anchorMarkup();
      return { service: existing, created: false };
    }
    const service = new Service({
      ...fields,
      notice: input.notice ?? '',
      enableAuto: input.enableAuto ?? false,
      isReadOnly: false,
      visible: true,
      sortOrder: 0,
      providerId: input.providerId,
      providerServiceId: input.providerServiceId,
    });
    service.anchorMarkup();
    markChangeSource(service, 'IMPORT');
    tx.persist(service);
    return { service, created: true };
  }

  /** Adds a platform, checked as the console's create checks it (no audit entry: no operator acts). */
  async createPlatform(input: z.input<typeof platformInputSchema>): Promise<void> {
    const platform = new Platform(platformInputSchema.parse(input));
    await this.em.fork().persist(platform).flush();
  }

  /** Adds a category, checked as the console's create checks it; its id. */
  async createCategory(input: z.input<typeof categoryInputSchema>): Promise<number> {
    const category = new Category(categoryInputSchema.parse(input));
    await this.em.fork().persist(category).flush();
    return category.id;
  }

  /**
   * Adds services in one transaction, each checked and built as the console's create does (markup anchored
   * to a known provider rate); their ids in order. `announce: false` leaves no change-log entry or webhook
   * (a new shop's opening catalogue is not news to anyone).
   */
  async createServices(
    inputs: z.input<typeof serviceInputSchema>[],
    options: { announce?: boolean } = {},
  ): Promise<number[]> {
    const services = inputs.map((input) => {
      const service = new Service(serviceInputSchema.parse(input));
      service.anchorMarkup();
      return service;
    });
    const write = () => this.em.fork().transactional((tx) => tx.persist(services).flush());
    await (options.announce === false ? withoutChangeLog(write) : write());
    return services.map((s) => s.id);
  }

  /**
   * Fulfilment: what each (provider, provider service id) pair sells at here — our service, the provider's
   * rate as last known, its type and its backup providers. One query for a batch of orders.
   */
  async upstreamTerms(keys: { providerId: number; providerServiceId: string }[]): Promise<Map<string, UpstreamTerms>> {
    const unique = [...new Map(keys.map((k) => [termsKey(k.providerId, k.providerServiceId), k])).values()];
    if (unique.length === 0) return new Map();
    const rows = await this.em
      .fork()
      .find(
        Service,
        { $or: unique.map((k) => ({ providerId: k.providerId, providerServiceId: k.providerServiceId })) },
        { fields: ['id', 'providerId', 'providerServiceId', 'providerRate', 'type', 'backupProviders'] },
      );
    return new Map(
      rows.map((s) => [
        termsKey(s.providerId!, s.providerServiceId!),
        {
          serviceId: s.id,
          providerRate: s.providerRate,
          type: s.type,
          backupProviders: s.backupProviders ?? [],
        },
      ]),
    );
  }

  /** Fulfilment's price sync: the services a provider fulfils or backs up, managed in the caller's transaction. */
  async servicesForPriceSync(
    tx: EntityManager,
    providerId: number,
  ): Promise<{ primary: Service[]; backing: Service[] }> {
    const primary = await tx.find(Service, { providerId }, { orderBy: { id: 'ASC' } });
    const backing = (await tx.find(Service, { backupProviders: { $ne: [] } }, { orderBy: { id: 'ASC' } })).filter((s) =>
      s.backupProviders.some((b) => b.providerId === providerId),
    );
    return { primary, backing };
  }

  /** Fulfilment: one service, locked in the caller's transaction (an operator applies a held price change). */
  lockServiceForPriceSync(tx: EntityManager, serviceId: number): Promise<Service | null> {
    return tx.findOne(Service, { id: serviceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Fulfilment's price sync writes what the provider's list changed (price, rate, limits, visibility, a backup's rate). */
  applyPriceSync(service: Service, changes: PriceSyncChanges): void {
    markChangeSource(service, 'PRICE_SYNC');
    service.apply(changes);
  }

  /** Fulfilment: how many services a provider fulfils (a provider with any cannot be deleted), in the caller's transaction. */
  countServicesOfProvider(tx: EntityManager, providerId: number): Promise<number> {
    return tx.count(Service, { providerId });
  }
}
