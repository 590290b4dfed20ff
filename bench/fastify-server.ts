import Fastify from 'fastify';

/**
 * The framework's floor for the bench: Fastify as the mock configures it (logger off), with one catch-all
 * route answering the bare server's fixed JSON body after parsing a JSON request body. The gap between this
 * and bare node:http is Fastify's; the gap between this and the mock is the mock's own work. Prints its URL;
 * SIGTERM or SIGINT closes it.
 */
const BODY = { code: 0, message: 'Success', data: { message: 'bare node:http' } };

const app = Fastify({ logger: false, forceCloseConnections: true });
// Like the mock: an empty JSON body (webhook disable sends none) is no body rather than a 400.
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
  try {
    done(null, body === '' ? undefined : JSON.parse(body as string));
  } catch (e) {
    done(e as Error, undefined);
  }
});
app.all('/*', async () => BODY);

const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`bare Fastify listening on ${address}`);

const close = () => {
  app.close().then(() => process.exit(0), () => process.exit(1));
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
