import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { Clock, findPage, NotFoundError, Page, type ListQuery } from '../../../shared/index.js';
import { Provider, type ProviderView } from '../domain/provider.entity.js';
import type { UpstreamBalance } from '../domain/upstream-protocol.js';
import type { CreateProviderInput, UpdateProviderInput } from '../http/provider.schemas.js';
import { SmmClient } from './smm-client.js';

const RESOURCE = 'providers';

/** Operators' management of upstream providers. Keys go in, never out: answers and audit rows carry views. */
@Injectable()
export class ProvidersService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly audit: AuditFacade,
    private readonly client: SmmClient,
  ) {}

  async page(query: ListQuery): Promise<Page<ProviderView>> {
    const page = await findPage(this.em.fork(), Provider, RESOURCE, query, {
      sortable: ['id', 'name', 'createdAt', 'enabled'],
      filters: {
        q: (v) => ({ name: { $ilike: `%${String(v)}%` } }),
        enabled: (v) => ({ enabled: v === true || v === 'true' }),
      },
    });
    return new Page(RESOURCE, page.rows.map((p) => p.view()), page.total, page.start);
  }

  async get(id: number): Promise<ProviderView> {
    return (await this.find(this.em.fork(), id)).view();
  }

  create(input: CreateProviderInput, actor: AuditActor): Promise<ProviderView> {
    return this.em.fork().transactional(async (tx) => {
      const provider = new Provider(input, this.clock.now());
      await tx.persist(provider).flush();
      this.audit.record(tx, actor, { action: 'create', resource: RESOURCE, resourceId: provider.id, after: provider.view() });
      return provider.view();
    });
  }

  update(id: number, input: UpdateProviderInput, actor: AuditActor): Promise<ProviderView> {
    return this.em.fork().transactional(async (tx) => {
      const provider = await this.find(tx, id);
      const before = provider.view();
      provider.update(input, this.clock.now());
      this.audit.record(tx, actor, { action: 'update', resource: RESOURCE, resourceId: id, before, after: { ...provider.view(), keyChanged: input.apiKey !== undefined } });
      return provider.view();
    });
  }

  remove(id: number, actor: AuditActor): Promise<ProviderView> {
    return this.em.fork().transactional(async (tx) => {
      const provider = await this.find(tx, id);
      const before = provider.view();
      tx.remove(provider);
      this.audit.record(tx, actor, { action: 'delete', resource: RESOURCE, resourceId: id, before });
      return before;
    });
  }

  async balance(id: number): Promise<UpstreamBalance> {
    return this.client.balance(await this.find(this.em.fork(), id));
  }

  private async find(em: EntityManager, id: number): Promise<Provider> {
    const provider = await em.findOne(Provider, { id });
    if (!provider) throw new NotFoundError('공급사를 찾을 수 없습니다.');
    return provider;
  }
}
