export { AppConfig } from './app-config.js';
export { parseEnv, ConfigError, runsJobs, servesHttp, type Env } from './env.js';
export { fastifyTrustProxy } from './trust-proxy.js';
export { repoRoot } from './repo-root.js';
