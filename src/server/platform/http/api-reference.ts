/**
 * The published contract (ADR 0026): `GET /api/openapi.json` (OpenAPI 3.1, generated from the routes'
 * declarations) and a reference page at `/api/docs` (Swagger UI, served from the app itself, no third party).
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { openApiTransform } from './contract';

export const OPENAPI_INFO = {
  title: 'Atrium API',
  version: '1.0.0',
  description:
    'The API of Atrium, the back office of a regional economic-development body. JSON keys are snake_case both ' +
    'ways; every request may carry `locale=fr|en`, the language of messages and lookup names. Successful answers ' +
    'are `{ data, meta }`; errors are `{ errors: { code, message, detail } }`. Sign in with `POST /api/sign_in`: ' +
    "the answer's `authorization` header is the bearer token for every other call.",
};

export async function registerApiReference(app: FastifyInstance, prefix: string): Promise<void> {
  // The reference's own routes are public: they describe the API, they do not open it.
  app.addHook('onRoute', (route) => {
    if (route.url === `${prefix}/openapi.json` || route.url.startsWith(`${prefix}/docs`)) {
      route.config = { ...route.config, access: 'public' };
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
    // The reference's own routes are not part of the API it documents.
    hideUntagged: true,
  });
  await app.register(swaggerUi, {
    routePrefix: `${prefix}/docs`,
    staticCSP: true,
    // No validator badge: it would send the document's address to a third party.
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, validatorUrl: null },
  });
  // Sent as text: the wire's snake_case conversion of answers must not touch the document's own keys.
  app.get(`${prefix}/openapi.json`, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  );
}
