import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/index.js';
import { Provider } from '../domain/provider.entity.js';
import { SimulatedProvider } from './simulated-provider.js';
import { DispatchRecords } from './dispatch-records.js';
import type { CostedOrder } from '../../ordering/index.js';

/** What the rest of the app (reports, the demo seeder, benchmarks) needs from fulfilment. */
@Injectable()
export class FulfilmentFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly simulated: SimulatedProvider,
    private readonly records: DispatchRecords,
  ) {}

  /** What these orders cost upstream now (won, decimal text; null: unknown). */
  costsOf(orders: CostedOrder[]): Promise<Map<number, string | null>> {
    return this.records.costsOf(orders);
  }

  /** Providers' names by id (reports). */
  async providerNames(): Promise<Map<number, string>> {
    return new Map((await this.em.fork().find(Provider, {}, { fields: ['id', 'name'] })).map((p) => [p.id, p.name]));
  }

  /** The embedded simulated provider as a provider row (created once); its id. */
  async ensureSimulatedProvider(): Promise<number> {
    const em = this.em.fork();
    const apiUrl = this.simulated.apiUrl();
    const existing = await em.findOne(Provider, { apiUrl });
    if (existing) return existing.id;
    const provider = new Provider(
      { name: '시뮬레이션 공급사 (내장)', apiUrl, apiKey: this.simulated.key(), enabled: true, timeoutMs: 10_000 },
      this.clock.now(),
    );
    await em.persist(provider).flush();
    return provider.id;
  }
}
