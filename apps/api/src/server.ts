import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

const config = loadConfig();
const database = await openDatabase(config).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const app = await buildApp(config, database);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // New requests get 503 while those in progress finish; then the port closes and the database after it.
  await app.drain(7_000, 1_000);
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `${config.brandName} portal (${config.appType}) on ${config.publicUrl} using ${database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}`,
);
