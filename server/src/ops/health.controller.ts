import { Controller, Get, Header, ServiceUnavailableException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { metricsRegistry } from './metrics.js';

@Controller()
export class HealthController {
  constructor(private readonly em: EntityManager) {}

  /** Liveness and readiness in one: answers 200 only while the database answers. */
  @Get('health')
  async health() {
    const started = performance.now();
    try {
      await this.em.getConnection().execute('select 1');
    } catch {
      throw new ServiceUnavailableException('database unavailable');
    }
    return { status: 'ok', database: 'ok', databaseMs: Math.round((performance.now() - started) * 100) / 100, uptimeS: Math.round(process.uptime()) };
  }

  @Get('metrics')
  @Header('Content-Type', metricsRegistry.contentType)
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
