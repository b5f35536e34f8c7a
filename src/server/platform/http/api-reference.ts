/**
 * The published contract (ADR 0026): `GET /api/openapi.json` (OpenAPI 3.1, generated from the routes'
 * declarations) and a reference page at `/api/docs` (Swagger UI, served from the app itself, no third party).
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { routeAccess, type Access } from '../auth/plugin';
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

/** Swagger UI's own colours fail WCAG AA contrast on its badges and links; these pass it. */
const READABLE_CSS = `
.swagger-ui .opblock .opblock-summary-method { color: #000; text-shadow: none; }
.swagger-ui .info .title small pre, .swagger-ui .info .title small.version-stamp pre { color: #000; }
.swagger-ui .info .title small { background: #d0d4da; }
.swagger-ui .info .title small.version-stamp { background: #b8e07a; }
.swagger-ui .info a.url, .swagger-ui .info .url { color: #1d4ed8; }
.swagger-ui .btn.authorize { color: #14532d; border-color: #14532d; }
.swagger-ui .btn.authorize svg { fill: #14532d; }
.swagger-ui .parameter__in, .swagger-ui .parameter__type { color: #374151; }
`;

/**
 * What each operation says it requires, from the access its route declares (the one the auth hook enforces).
 * OpenAPI 3.1 lets a requirement of an http scheme list role names: `admin` for the administrators' routes.
 * An `enrolment` route takes either a session or the proof of a password step (ADR 0035): two requirements,
 * either of which is enough.
 */
const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  user: [{ bearer: [] }],
  admin: [{ bearer: ['admin'] }],
  enrolment: [{ bearer: [] }, { enrolment_proof: [] }],
};

/**
 * The reference page's policy with every source outside the app taken out (ADR 0034 §8): Swagger UI's own
 * allows `https:` fonts and styles and its validator's host for images. Kept: 'self', keywords, the hashes of
 * its inline script and styles, and data: images and fonts.
 */
export function selfOnlyPolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter((parts) => parts[0])
    .map(([name, ...sources]) =>
      [name, ...sources.filter((source) => /^'[^']+'$/.test(source) || source === 'data:')].join(' '),
    )
    .join('; ');
}

export async function registerApiReference(app: FastifyInstance, prefix: string): Promise<void> {
  // The reference's own routes are public: they describe the API, they do not open it. Their answers keep
  // OpenAPI's own keys (`requestBody`, `operationId`…): the wire's snake_case conversion must not touch them
  // (it did, and the reference page showed no request bodies).
  app.addHook('onRoute', (route) => {
    if (route.url === `${prefix}/openapi.json` || route.url.startsWith(`${prefix}/docs`)) {
      route.config = { ...route.config, access: 'public', verbatim: true };
    }
    // A copy: a contract object may be shared by routes of different access.
    if (route.schema) route.schema = { ...route.schema, security: SECURITY[routeAccess(route.config)] };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The token of the `authorization` header answered by sign-in. An operation whose requirement names ' +
              'the role `admin` is for administrators only (403 for anyone else); one with no requirement is public.',
          },
          enrolment_proof: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The `proof` answered by a password step (`POST /api/sign_in`, a password reset, an invitation) when ' +
              'the account must set up a second factor first: it opens only the set-up operations, once.',
          },
        },
      },
    },
    transform: openApiTransform,
    // The reference's own routes are not part of the API it documents.
    hideUntagged: true,
  });
  await app.register(swaggerUi, {
    routePrefix: `${prefix}/docs`,
    staticCSP: true,
    transformStaticCSP: selfOnlyPolicy,
    // No validator badge: it would send the document's address to a third party.
    // Accessible as every screen of the app (axe in the browser tests): no top bar (an unlabeled address field and
    // a logo without text), no deep links (a link inside each operation's button is a control inside a control),
    // and the method badges, version stamps and links in colours that read.
    uiConfig: {
      docExpansion: 'list',
      deepLinking: false,
      defaultModelsExpandDepth: 0,
      validatorUrl: null,
      layout: 'BaseLayout',
      // Its highlighting colours (a red number on dark grey) fail contrast; plain text on the dark block reads.
      syntaxHighlight: false,
    },
    theme: { title: 'Atrium API', css: [{ filename: 'atrium.css', content: READABLE_CSS }] },
  });
  app.get(`${prefix}/openapi.json`, async () => app.swagger());
}
