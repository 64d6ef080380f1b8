/**
 * `npx tsx deploy/run-two.ts`: the portal as two instances on one PostgreSQL behind Debian's nginx,
 * on this machine (README "Two instances behind nginx"). Ctrl-C stops them all.
 *
 *   CLUSTER_PORT        the balancer's port (default 8893): open http://127.0.0.1:8893/
 *   INSTANCE_PORTS      the instances' ports (default 8894,8895)
 *   DATABASE_URL        the one database (default postgres://postgres@127.0.0.1:5432/portal_cluster,
 *                       created and seeded when missing)
 *   DATABASE_READ_URL   optional: a streaming replica for dashboard searches
 */
import { resolve } from 'node:path';
import { startCluster } from './cluster';

const cluster = await startCluster({
  lbPort: Number(process.env.CLUSTER_PORT ?? 8893),
  instancePorts: (process.env.INSTANCE_PORTS ?? '8894,8895').split(',').map(Number),
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_cluster',
  databaseReadUrl: process.env.DATABASE_READ_URL,
  runDir: resolve('.cache/cluster'),
  build: process.env.SKIP_BUILD !== '1',
});
console.log(
  `\nThe portal: ${cluster.url}/  (instances ${cluster.instances.map((i) => i.origin).join(', ')})`,
);
const stop = async () => {
  await cluster.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
