import { buildApp } from './app';
import { loadConfig } from './config';

/** Starts the server: migrate, seed on the first start only, start the modules' jobs, listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const velvet = await buildApp(config);
  const { app } = velvet;

  const started = performance.now();
  if (await velvet.seedOnce(config.seedScale)) {
    app.log.info({ ms: Math.round(performance.now() - started), scale: config.seedScale }, 'demo data seeded');
  }
  velvet.startJobs();
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  // Drains: the balancer learns first (health 503), then sockets move and requests under way finish.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, instance: config.instanceName }, 'draining');
    velvet.drain();
    const noticed = new Promise((resolve) => setTimeout(resolve, config.drainNoticeMs));
    noticed
      .then(() => velvet.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
