/**
 * The HTTP ceiling: a bare Fastify server (no logger, no plugins, no database) answering each bench
 * request with the bytes the app answered it (captured once), with the same status and content type.
 * What the app does beyond this is the cost of the app. Run by bench/run.ts as its own process:
 *   node --import tsx bench/ceiling-server.ts <answers.json> <port>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface CapturedAnswer {
  method: string;
  /** Path with query, exactly as requested. */
  url: string;
  status: number;
  contentType: string;
  /** Headers the client needs besides the body (sign-in's `authorization`). */
  headers: Record<string, string>;
  bodyBase64: string;
}

async function main(): Promise<void> {
  const [file, port] = process.argv.slice(2);
  if (!file || !port) throw new Error('usage: ceiling-server.ts <answers.json> <port>');
  const answers = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  for (const answer of JSON.parse(readFileSync(file, 'utf8')) as CapturedAnswer[]) {
    answers.set(`${answer.method} ${answer.url}`, {
      status: answer.status,
      headers: { ...answer.headers, 'content-type': answer.contentType },
      body: Buffer.from(answer.bodyBase64, 'base64'),
    });
  }
  // The app's router options; bodies are parsed as the app parses them (JSON).
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.all('/*', (request, reply) => {
    const answer = answers.get(`${request.method} ${request.url}`);
    if (!answer) return reply.code(404).send({ errors: { code: 'not_captured' } });
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(`ceiling server on ${port} with ${answers.size} answers`);
}

main().catch((error: unknown) => {
  console.error(`ceiling server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
