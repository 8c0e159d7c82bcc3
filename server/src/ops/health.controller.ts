import { Controller, Get, Req, Res } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/index.js';
import { metricsRegistry } from './metrics.js';
import { DomainError } from '../shared/index.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (value: string) => createHash('sha256').update(value).digest();

@Controller()
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
  ) {}

  /** Liveness and readiness in one: answers 200 only while the database answers. */
  @Get('health')
  async health() {
    const started = performance.now();
    try {
      await this.em.getConnection().execute('select 1');
    } catch {
      throw new DomainError('UNAVAILABLE');
    }
    return {
      status: 'ok',
      database: 'ok',
      databaseMs: Math.round((performance.now() - started) * 100) / 100,
      uptimeS: Math.round(process.uptime()),
    };
  }

  @Get('metrics')
  async metrics(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    // With METRICS_TOKEN set, only its bearer reads; unset, only this host (request.ip: TRUST_PROXY applies).
    const token = this.config.env.METRICS_TOKEN;
    if (token) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), digest(token))) throw new DomainError('METRICS_TOKEN_REQUIRED');
    } else if (!LOOPBACK.has(request.ip)) {
      throw new DomainError('METRICS_LOCAL_ONLY');
    }
    // Set here, not by @Header: a refusal above leaves as JSON.
    void reply.type(metricsRegistry.contentType);
    return metricsRegistry.metrics();
  }
}
