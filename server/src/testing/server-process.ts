import { buildApp } from '../app';
import { systemClock } from '../clock';
import { loadConfig } from '../config';

/**
 * A server process for tests of several processes on one database (spawned with tsx): main.ts without the demo
 * seed, on a clock running TEST_CLOCK_RATE times as fast as the wall clock from TEST_CLOCK_START (epoch ms), the
 * same in every process of the test, so minutes of billing pass in seconds. With TEST_SEED it seeds at SEED_SCALE
 * as main.ts does, writing `seeded` when this process was the one that did. Writes `listening` once it serves.
 */
const rate = Number(process.env.TEST_CLOCK_RATE ?? '1');
const start = Number(process.env.TEST_CLOCK_START ?? systemClock().getTime());
const config = loadConfig();
const velvet = await buildApp(config);
velvet.ctx.now = () => new Date(start + (systemClock().getTime() - start) * rate);
if (process.env.TEST_SEED && (await velvet.seedOnce(config.seedScale))) process.stdout.write('seeded\n');
velvet.startJobs();
await velvet.app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write('listening\n');
