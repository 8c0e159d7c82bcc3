import { createServer, type Server } from './bootstrap.js';
import { ConfigError, runsJobs, servesHttp } from './config/index.js';
import { EmbeddedDatabaseError } from './database/embedded-postgres.js';
import { DatabaseVersionError } from './database/server-version.js';

const started = performance.now();
let server: Server;
try {
  server = await createServer();
} catch (error) {
  // A configuration or start-up problem the operator can fix: one clear line, no stack trace.
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseError || error instanceof DatabaseVersionError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
// Signals are handled before the ready banner, so a stop right after it is a clean one.
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  process.stdout.write(`\n${signal}: shutting down\n`);
  const force = setTimeout(() => {
    // Say which step hung, so an unclean stop can be told apart from a failed one.
    process.stderr.write(
      `${signal}: shutdown did not finish within 15 s (${server.closing ?? 'not started'}); exiting\n`,
    );
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const { env } = server.config;
await server.listen();

const base = `http://localhost:${env.PORT}`;
const database = env.DATABASE_URL
  ? 'external PostgreSQL (DATABASE_URL)'
  : `embedded PostgreSQL in ${server.config.dataDir}/pg`;
if (!servesHttp(env)) {
  process.stdout.write(
    [
      '',
      `  SMM panel worker ready in ${Math.round(performance.now() - started)} ms (ROLE=worker: jobs only, no HTTP on PORT)`,
      `  health           ${env.HEALTH_PORT === undefined ? 'none (set HEALTH_PORT)' : `http://localhost:${env.HEALTH_PORT}/health`}`,
      `  database         ${database}`,
      '',
    ].join('\n') + '\n',
  );
} else {
  // The generated password is shown once, by the start that created it; later starts only say where it is.
  const password =
    server.operator.password ??
    (server.config.env.ADMIN_PASSWORD
      ? '(ADMIN_PASSWORD)'
      : `(generated at first start: ${server.config.dataDir}/operator-password.txt)`);
  process.stdout.write(
    [
      '',
      `  SMM panel ready in ${Math.round(performance.now() - started)} ms`,
      `  storefront       ${base}/`,
      `  operator console ${base}/admin/`,
      `  API              ${base}/api  (health ${base}/api/health)`,
      `  operator login   ${server.operator.id} / ${password}`,
      // The owner's role requires a second factor: a newcomer's first console login leads into enrolment.
      `  2-step login     the owner's first console login shows a QR for an authenticator app (Google Authenticator ...);`,
      `                   enter its 6-digit code, keep the 10 recovery codes; later logins ask for a code`,
      `  database         ${database}`,
      `  role             ${env.ROLE} (jobs ${runsJobs(env) ? 'run here' : 'off here'})`,
      '',
    ].join('\n') + '\n',
  );
}
