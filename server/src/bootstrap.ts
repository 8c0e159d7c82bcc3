import 'reflect-metadata';
import './shared/json-bigint.js';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { Logger, PinoLogger } from 'nestjs-pino';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppModule } from './app.module.js';
import { AppConfig, ConfigError, fastifyTrustProxy, parseEnv, runsJobs, servesHttp } from './config/index.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres.js';
import { loadDemoData } from './database/demo/index.js';
import { checkServerVersion } from './database/server-version.js';
import { ContentFacade } from './modules/content/index.js';
import { OperatorBootstrap, type OperatorLogin } from './modules/identity/index.js';
import { AppLogger, logRequests, requestId, startupLogger } from './ops/logging.js';
import { BODY_LIMIT, registerBodyLimits } from './ops/body-limits.js';
import { instrumentHttp } from './ops/metrics.js';
import { registerSecurityHeaders } from './ops/security-headers.js';
import { serveWeb } from './ops/static-web.js';
import { closeAcceptors, listenWithAcceptors } from './ops/listen.js';
import type { Server as NetServer } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { startWorkerHealth } from './ops/worker-health.js';
import { withStartLock } from './database/start-lock.js';
import { BackupError, ensureBackupDir } from './ops/backup/index.js';
import { HttpErrorFilter, replyPages } from './shared/http-kernel.js';
import { refuseControlCharacters } from './shared/control-characters.js';
import { useKoreanZodMessages } from './shared/zod-locale.js';
import { JobEngine } from './shared/job-engine.js';

export interface Server {
  app: NestFastifyApplication;
  config: AppConfig;
  operator: OperatorLogin;
  /** Listens on PORT and HOST (several accepting sockets, see ops/listen.ts); a worker only on HEALTH_PORT, if set. */
  listen(): Promise<void>;
  /** Closes the app, then the embedded database if this server started one. */
  close(): Promise<void>;
  /** The step `close` is at (null before it is called): what a stop that hangs was waiting for. */
  closing: string | null;
}

export interface ServerOptions {
  /** Overrides on top of process.env (tests pass DATABASE_URL, DATA_DIR, LOG_LEVEL ...). */
  env?: Record<string, string | undefined>;
  /** Log the embedded database's own output. */
  onDatabaseLog?: (line: string) => void;
  /** The oldest server_version_num accepted (default: the product's minimum; a test holds a real server to a newer one). */
  minimumServerVersion?: number;
}

/** JWT_SECRET from the environment, else one generated at first start and kept in DATA_DIR. */
function jwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export async function createServer(options: ServerOptions = {}): Promise<Server> {
  useKoreanZodMessages();
  const env = parseEnv({ ...process.env, ...options.env });
  const dataDir = resolve(env.DATA_DIR);
  try {
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
  } catch (error) {
    throw new ConfigError(
      `DATA_DIR ${dataDir} cannot be created (${(error as NodeJS.ErrnoException).code ?? 'error'}): point DATA_DIR at a writable folder`,
    );
  }
  // The daily backup (jobs run here) must be able to write its folder: found now, not at the first backup.
  if (runsJobs(env)) {
    try {
      ensureBackupDir(resolve(env.BACKUP_DIR ?? join(dataDir, 'backups')));
    } catch (error) {
      if (error instanceof BackupError) throw new ConfigError(error.message);
      throw error;
    }
  }

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(dataDir, { log: options.onDatabaseLog, notice: startupLogger(env).warn });
    databaseUrl = embedded.url;
  }
  try {
    const config = new AppConfig(
      env,
      databaseUrl,
      dataDir,
      jwtSecret(dataDir, env.JWT_SECRET),
      env.DEMO_DATA ?? !!embedded,
    );
    const adapter = new FastifyAdapter({
      trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
      bodyLimit: BODY_LIMIT,
      genReqId: requestId,
      requestIdHeader: false,
      // `/api/v2/` is served as `/api/v2` (reseller tools write both), inside Nest's pipeline.
      routerOptions: { ignoreTrailingSlash: true },
    });
    // Nest's own start-up chatter (every mapped route) is buffered, then logged at debug (AppLogger).
    const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
      bufferLogs: true,
    });
    app.useLogger(new AppLogger(app.get(Logger)));
    app.setGlobalPrefix('api');
    const fastify = app.getHttpAdapter().getInstance();
    instrumentHttp(fastify);
    refuseControlCharacters(fastify);
    const requestContext = await app.resolve(PinoLogger);
    logRequests(fastify, {
      root: () => PinoLogger.root,
      inContext: (req, next) => requestContext.runInContext(next, { bindings: { req } }),
    });
    replyPages(fastify);
    await registerBodyLimits(fastify);
    // Partner hosts are allowed where the server holds that partner's keys (the console switches turn them on).
    registerSecurityHeaders(fastify, config, {
      kakao: env.KAKAO_ENABLED === true,
      toss: !!(env.TOSS_CLIENT_KEY && env.TOSS_SECRET_KEY),
    });
    // The storefront's index.html carries the popups (so their image loads before the app's JavaScript).
    const content = app.get(ContentFacade);
    const web = await serveWeb(fastify, join(dataDir, 'uploads'), () => content.storefrontData());
    content.onChange((resource) => resource === 'popups' && web.invalidate());
    app.useGlobalFilters(new HttpErrorFilter(web.notFound));

    // An older PostgreSQL is refused before a migration or a statement runs on it.
    const orm = app.get(MikroORM);
    await checkServerVersion((sql) => orm.em.getConnection().execute(sql), options.minimumServerVersion).catch(
      async (error: unknown) => {
        await app.close();
        throw error;
      },
    );
    // Migrations run at every start; a database that had none applied is new and may get demo data.
    const migrator = orm.migrator;
    const operator = await withStartLock(databaseUrl, async () => {
      const isNew = (await migrator.getExecuted().catch(() => [])).length === 0;
      await migrator.up();
      // The job engine's own schema (graphile_worker) moves with the product's: every role adds jobs.
      await app.get(JobEngine).migrate();
      await app.init();
      await fastify.ready();
      if (isNew && config.demoData) await loadDemoData(app);
      return app.get(OperatorBootstrap).ensureOperator();
    });

    let acceptors: NetServer[] = [];
    let health: HttpServer | undefined;
    const server: Server = {
      app,
      config,
      operator,
      closing: null,
      async listen() {
        if (servesHttp(env)) acceptors = await listenWithAcceptors(app, env.PORT, env.HOST);
        else if (env.HEALTH_PORT !== undefined)
          health = await startWorkerHealth(env.HEALTH_PORT, env.HOST, () => orm.em.getConnection().execute('select 1'));
      },
      async close() {
        server.closing = 'closing the app (requests, jobs, database pool)';
        closeAcceptors(acceptors);
        health?.close();
        await app.close();
        server.closing = 'stopping the embedded PostgreSQL (shutdown checkpoint)';
        await embedded?.stop();
      },
    };
    return server;
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
