import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { CatalogFacade } from '../../catalog/index.js';
import { OrderingFacade } from '../../ordering/index.js';
import { PRICE_SCALE, serviceTypeOf } from '../../../contracts/index.js';
import {
  Clock,
  DomainError,
  findPage,
  flagOf,
  NotFoundError,
  Page,
  searchIn,
  type ListQuery,
} from '../../../shared/index.js';
import { Provider, type ProviderView } from '../domain/provider.entity.js';
import type { UpstreamBalance } from '../domain/upstream-protocol.js';
import { importedUnitPrice } from '../domain/pricing.js';
import type { CreateProviderInput, ImportServicesInput, UpdateProviderInput } from './provider-inputs.js';
import { SmmClient } from './smm-client.js';
import { ProviderAddressGuard } from './provider-address.js';

const RESOURCE = 'providers';

export interface ImportResult {
  created: number;
  updated: number;
  /** Our service ids created or updated. */
  serviceIds: number[];
  skipped: { providerServiceId: string; reason: string }[];
  /** Items of the provider's list we could not read. */
  malformed: number;
}

/** Operators' management of upstream providers. Keys go in, never out: answers and audit rows carry views. */
@Injectable()
export class ProvidersService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly audit: AuditFacade,
    private readonly client: SmmClient,
    private readonly catalog: CatalogFacade,
    private readonly addresses: ProviderAddressGuard,
    private readonly ordering: OrderingFacade,
  ) {}

  async page(query: ListQuery): Promise<Page<ProviderView>> {
    const page = await findPage(this.em.fork(), Provider, RESOURCE, query, {
      sortable: ['id', 'name', 'createdAt', 'enabled'],
      filters: {
        q: searchIn('name'),
        enabled: flagOf('enabled'),
      },
    });
    return new Page(
      RESOURCE,
      page.rows.map((p) => p.view()),
      page.total,
      page.start,
    );
  }

  async get(id: number): Promise<ProviderView> {
    return (await this.find(this.em.fork(), id)).view();
  }

  async create(input: CreateProviderInput, actor: AuditActor): Promise<ProviderView> {
    await this.addresses.assertSavable(input.apiUrl);
    return this.em.fork().transactional(async (tx) => {
      const provider = new Provider(input, this.clock.now());
      await tx.persist(provider).flush();
      this.audit.record(tx, actor, {
        action: 'create',
        resource: RESOURCE,
        resourceId: provider.id,
        after: provider.view(),
      });
      return provider.view();
    });
  }

  async update(id: number, input: UpdateProviderInput, actor: AuditActor): Promise<ProviderView> {
    if (input.apiUrl !== undefined) await this.addresses.assertSavable(input.apiUrl);
    return this.em.fork().transactional(async (tx) => {
      const provider = await this.find(tx, id);
      const hostChanged = input.apiUrl !== undefined && input.apiUrl !== provider.apiUrl;
      // The stored key was given for the old address: never send it to a new one (the operator enters it again).
      if (hostChanged && input.apiKey === undefined) throw new DomainError('PROVIDER_KEY_REQUIRED');
      const before = provider.view();
      provider.update(input, this.clock.now());
      this.audit.record(tx, actor, {
        action: 'update',
        resource: RESOURCE,
        resourceId: id,
        before,
        after: {
          ...provider.view(),
          keyChanged: input.apiKey !== undefined,
          ...(hostChanged ? { apiUrlChanged: true } : {}),
        },
      });
      return provider.view();
    });
  }

  remove(id: number, actor: AuditActor): Promise<ProviderView> {
    return this.em.fork().transactional(async (tx) => {
      const provider = await this.find(tx, id);
      const before = provider.view();
      if (
        (await this.catalog.countServicesOfProvider(tx, id)) > 0 ||
        (await this.ordering.openOrdersOfProvider(tx, id)) > 0
      ) {
        throw new DomainError('PROVIDER_IN_USE');
      }
      tx.remove(provider);
      this.audit.record(tx, actor, { action: 'delete', resource: RESOURCE, resourceId: id, before });
      return before;
    });
  }

  async balance(id: number): Promise<UpstreamBalance> {
    return this.client.balance(await this.find(this.em.fork(), id));
  }

  /**
   * Imports the provider's service list (action=services) into our catalogue: each chosen service is
   * created, or on a repeat updated (name, price, limits), keyed by (provider, provider service id).
   * Price = rate / 1000 × currencyRate × (1 + markup %), exact, rounded up to the catalogue's scale.
   * All or nothing, audited.
   */
  async importServices(id: number, input: ImportServicesInput, actor: AuditActor): Promise<ImportResult> {
    const provider = await this.find(this.em.fork(), id);
    const { services, malformed } = await this.client.services(provider);
    const known = new Set((await this.catalog.listCategories()).map((c) => c.id));
    const wanted = [input.categoryId, ...Object.values(input.categoryMap ?? {})].filter((c) => c !== undefined);
    const missing = wanted.find((c) => !known.has(c));
    if (missing !== undefined) throw new DomainError('PROVIDER_CATEGORY_MISSING', { ids: missing });
    const only = input.serviceIds ? new Set(input.serviceIds) : null;
    const result: ImportResult = { created: 0, updated: 0, skipped: [], malformed, serviceIds: [] };
    return this.em.fork().transactional(async (tx) => {
      for (const upstream of services) {
        if (only && !only.has(upstream.id)) continue;
        const categoryId = input.categoryMap?.[upstream.category] ?? input.categoryId;
        const skip = (reason: string) => result.skipped.push({ providerServiceId: upstream.id, reason });
        if (categoryId === undefined) {
          skip(`no category for "${upstream.category}"`);
          continue;
        }
        // The provider's type and flags, unless the operator said otherwise for this service.
        const override = input.overrides?.[upstream.id] ?? {};
        const type = override.type ?? serviceTypeOf(upstream.type);
        if (type === null) {
          skip(`type "${upstream.type}" is not sold here`);
          continue;
        }
        const point = importedUnitPrice(
          { rate: upstream.rate, markupPercent: input.markupPercent, currencyRate: input.currencyRate },
          PRICE_SCALE,
          type === 'Package',
        );
        if (!/[1-9]/.test(point)) {
          skip('rate is zero');
          continue;
        }
        const { service, created } = await this.catalog.upsertProviderService(tx, {
          providerId: provider.id,
          providerServiceId: upstream.id,
          text: upstream.name,
          point,
          // A package is bought one at a time, whatever limits the list shows.
          min: type === 'Package' ? 1 : upstream.min,
          max: type === 'Package' ? 1 : upstream.max,
          categoryId,
          notice: upstream.description ?? undefined,
          enableAuto: override.enableAuto ?? input.enableAuto ?? (type === 'Default' ? upstream.dripfeed : false),
          type,
          refill: override.refill ?? upstream.refill,
          refillDays: override.refillDays,
          cancel: override.cancel ?? upstream.cancel,
          providerRate: upstream.rate,
          providerCurrencyRate: input.currencyRate,
        });
        await tx.flush();
        result.serviceIds.push(service.id);
        if (created) result.created++;
        else result.updated++;
      }
      for (const wantedId of only ?? []) {
        if (!services.some((s) => s.id === wantedId))
          result.skipped.push({ providerServiceId: wantedId, reason: 'not offered by the provider' });
      }
      this.audit.record(tx, actor, {
        action: 'import-services',
        resource: RESOURCE,
        resourceId: id,
        after: { ...input, created: result.created, updated: result.updated, skipped: result.skipped.length },
      });
      return result;
    });
  }

  private async find(em: EntityManager, id: number): Promise<Provider> {
    const provider = await em.findOne(Provider, { id });
    if (!provider) throw new NotFoundError('PROVIDER_NOT_FOUND');
    return provider;
  }
}
