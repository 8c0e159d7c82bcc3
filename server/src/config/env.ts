import { z } from 'zod';
import { trustProxySchema } from './trust-proxy.js';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const optionalText = z.string().trim().min(1).optional();

/** The environment contract (README.md "Environment"); anything else in process.env is ignored. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET needs at least 32 characters').optional(),
  ADMIN_ID: optionalText,
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD needs at least 8 characters').optional(),
  /** The first operator's TOTP secret (base32, 16+ bytes): set, the owner starts enrolled (tests, scripted setups). */
  ADMIN_TOTP_SECRET: z
    .string()
    .regex(/^[A-Z2-7]{26,}=*$/, 'ADMIN_TOTP_SECRET must be base32 of at least 16 bytes')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('SMM Panel <no-reply@localhost>'),
  SMS_URL: z.url().optional(),
  SMS_API_KEY: optionalText,
  SMS_SENDER: optionalText,
  NAVER_CLIENT_ID: optionalText,
  NAVER_CLIENT_SECRET: optionalText,
  NAVER_AUTH_URL: z.url().default('https://nid.naver.com'),
  NAVER_API_URL: z.url().default('https://openapi.naver.com'),
  KAKAO_API_URL: z.url().default('https://kapi.kakao.com'),
  KAKAO_ENABLED: flag.optional(),
  /** Shared secret of the bank-alert integration posting deposits (header x-bank-alert-key); unset: operators only. */
  BANK_ALERT_KEY: z.string().min(16, 'BANK_ALERT_KEY needs at least 16 characters').optional(),
  /** Toss Payments keys; both set (and setting ENABLE_TOSS_PAYMENT on) offer paying charges online. */
  TOSS_CLIENT_KEY: optionalText,
  TOSS_SECRET_KEY: optionalText,
  TOSS_API_URL: z.url().default('https://api.tosspayments.com'),
  /** How long one call to Toss may take before it counts as "unknown" and the re-check job takes over. */
  TOSS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Popbill (팝빌) issues the 세금계산서: LinkID, SecretKey (base64, from Linkhub) and the shop's 사업자등록번호, all
   * three or none (unset: every request waits as 대기 for an operator). The URLs point tests at a loopback fake.
   */
  POPBILL_LINK_ID: optionalText,
  POPBILL_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'POPBILL_SECRET_KEY must be the base64 key Linkhub issued')
    .optional(),
  POPBILL_CORP_NUM: z
    .string()
    .transform((v) => v.replace(/-/g, ''))
    .refine((v) => /^\d{10}$/.test(v), 'POPBILL_CORP_NUM must be a 10-digit business number')
    .optional(),
  /** Popbill's test bed (popbill-test.linkhub.co.kr, service POPBILL_TEST) instead of production. */
  POPBILL_IS_TEST: flag.default(false),
  POPBILL_API_URL: z.url().optional(),
  POPBILL_AUTH_URL: z.url().default('https://auth.linkhub.co.kr'),
  DEMO_DATA: flag.optional(),
  JOBS: flag.default(true),
  /** web: HTTP only; worker: jobs only (no HTTP on PORT); all: both (see servesHttp/runsJobs). */
  ROLE: z.enum(['all', 'web', 'worker'], { error: 'ROLE must be all, web or worker' }).default('all'),
  /** ROLE=worker: GET /health on this port (unset: the worker listens on no port at all). */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Provider API URLs may point at loopback/private/link-local addresses (a provider on the local network). */
  ALLOW_PRIVATE_PROVIDER_URLS: flag.default(false),
  /** Which proxies' X-Forwarded-For is believed (config/trust-proxy.ts); unset: none, the socket is the client. */
  TRUST_PROXY: trustProxySchema.optional(),
  /** Bearer token of GET /api/metrics; unset: metrics answer only to loopback. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN needs at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Reseller API v2 per-key limit: requests per second kept up, and the burst allowed at once (429 beyond). */
  API_V2_RATE: z.coerce.number().positive().max(10_000).default(20),
  API_V2_BURST: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Daily backups (JOBS on) and `npm run backup` write here (default DATA_DIR/backups); the daily job keeps BACKUP_KEEP files. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1, 'BACKUP_KEEP must be at least 1').max(10_000).default(14),
  /** Operator alerts by Telegram (both or neither) and by mail (see README "Operator alerts"). */
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_CHAT_ID: optionalText,
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  OPERATOR_EMAIL: z.email('OPERATOR_EMAIL must be an e-mail address').optional(),
  /** KakaoTalk 알림톡 through SOLAPI (all four set, else customers get SMS/mail only); the base URL for a loopback fake. */
  SOLAPI_API_KEY: optionalText,
  SOLAPI_API_SECRET: optionalText,
  SOLAPI_PFID: optionalText,
  SOLAPI_SENDER: optionalText,
  SOLAPI_API_URL: z.url().default('https://api.solapi.com'),
  /** Unset: pretty on a terminal, JSON lines otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'LOG_FORMAT must be json or pretty' }).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** A configuration the server cannot start with: printed as is (no stack trace), exit code 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset", as in a docker-compose file with `VAR=`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (!!result.data.TELEGRAM_BOT_TOKEN !== !!result.data.TELEGRAM_CHAT_ID) {
    throw new ConfigError(
      `Invalid environment: ${result.data.TELEGRAM_BOT_TOKEN ? 'TELEGRAM_BOT_TOKEN is set without TELEGRAM_CHAT_ID' : 'TELEGRAM_CHAT_ID is set without TELEGRAM_BOT_TOKEN'}: set both for Telegram alerts, or neither`,
    );
  }
  const popbill = [result.data.POPBILL_LINK_ID, result.data.POPBILL_SECRET_KEY, result.data.POPBILL_CORP_NUM];
  if (popbill.some(Boolean) && !popbill.every(Boolean)) {
    throw new ConfigError(
      'Invalid environment: POPBILL_LINK_ID, POPBILL_SECRET_KEY and POPBILL_CORP_NUM go together: set all three for tax invoices, or none',
    );
  }
  if (result.data.ROLE === 'worker' && !result.data.JOBS) {
    throw new ConfigError(
      'Invalid environment: ROLE=worker with JOBS off would do nothing: turn JOBS on, or use ROLE=web',
    );
  }
  return result.data;
}

/** The process answers HTTP on PORT (ROLE all or web). */
export function servesHttp(env: Pick<Env, 'ROLE'>): boolean {
  return env.ROLE !== 'worker';
}

/** The process runs the schedules and jobs (ROLE all or worker, and JOBS on). */
export function runsJobs(env: Pick<Env, 'ROLE' | 'JOBS'>): boolean {
  return env.JOBS && env.ROLE !== 'web';
}
