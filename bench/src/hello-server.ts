// The baseline of the HTTP section: a bare Fastify answering {"hello":"world"}, in its own process like Velvet.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') void app.close().then(() => process.exit(0));
});
process.send?.({ type: 'ready', port: Number(process.env.PORT) });
