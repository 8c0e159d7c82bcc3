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

  get publicUrl(): string {
    return this.env.PUBLIC_URL ?? `http://localhost:${this.env.PORT}`;
  }
}
