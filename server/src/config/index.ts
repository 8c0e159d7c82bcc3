export { AppConfig } from './app-config.js';
export { parseEnv, type Env } from './env.js';
