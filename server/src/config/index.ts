export { AppConfig } from './app-config.js';
export { parseEnv, type Env } from './env.js';
export { fastifyTrustProxy } from './trust-proxy.js';
