/**
 * Issue 29: graceful shutdown. On SIGTERM (or Ctrl-C) the instance
 * 1. turns not-ready (/readyz 503) and answers everything with `Connection: close`;
 * 2. after SHUTDOWN_DELAY_MS (for balancers that poll /readyz) stops accepting connections and
 *    closes its hub connections with "reconnect", so dashboards move to another instance at once;
 * 3. lets the requests in flight finish, for at most SHUTDOWN_TIMEOUT_MS, then cuts what is left;
 * 4. stops its outbox dispatchers (claimed webhook rows not yet sent go back to the others) and
 *    its LISTEN connections, closes the database, and exits 0.
 * A second signal exits at once.
 */
import type { FastifyInstance } from 'fastify';
import type { ShutdownConfig } from '../config';

/** After the timeout cut the connections, app.close's own hooks (outbox, LISTEN) get this long. */
const HOOKS_GRACE_MS = 5_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function installGracefulShutdown(
  app: FastifyInstance,
  config: ShutdownConfig,
  closeDatabases: () => Promise<void>,
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.readiness.startDraining();
    app.log.info({ signal, ...config }, 'shutting down: not ready, finishing the requests in flight');
    if (config.delayMs > 0) await pause(config.delayMs);
    const cut = setTimeout(() => {
      app.log.warn('shutdown timeout: cutting the connections still open');
      app.server.closeAllConnections();
      setTimeout(() => {
        app.log.warn('shutdown hooks did not finish: exiting');
        process.exit(0);
      }, HOOKS_GRACE_MS).unref();
    }, config.timeoutMs);
    cut.unref();
    try {
      await app.close();
      await closeDatabases();
      app.log.info('shut down cleanly');
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
