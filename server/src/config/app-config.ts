import type { Env } from './env.js';

/** The resolved configuration every module reads: the parsed environment plus what start-up decided. */
export class AppConfig {
  constructor(
    readonly env: Env,
    readonly databaseUrl: string,
    readonly dataDir: string,
    readonly jwtSecret: string,
    /** Whether demo data is loaded into an empty database. */
    readonly demoData: boolean,
  ) {}

  /** The reseller API v2's per-key limit (API_V2_RATE per second, API_V2_BURST at once). */
  get resellerApiRateLimit(): { perSecond: number; burst: number } {
    return { perSecond: this.env.API_V2_RATE, burst: this.env.API_V2_BURST };
  }

  get publicUrl(): string {
    return this.env.PUBLIC_URL ?? `http://localhost:${this.env.PORT}`;
  }
}
