import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import { registerApiCompression } from './platform/http/compression';
import { registerKeptAnswers } from './platform/http/kept-answers';
import type { Config } from './config';
import { registerAuth, routeAccess, type Access } from './platform/auth/plugin';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './platform/errors/handler';
import { registerWire } from './platform/http/wire';
import { registerNoStore } from './platform/http/caching';
import { registerContracts } from './platform/http/contract';
import { registerApiReference } from './platform/http/api-reference';
import { keepBetweenWrites } from './platform/lists/kept-values';
import { abuseLimits } from './platform/rate-limit/limits';
import { JobRunner } from './platform/jobs/queue';
import { authRoutes } from './auth/routes';
import { accountRoutes } from './account/routes';
import { healthRoutes } from './health/routes';
import { lookupRoutes } from './lookups/routes';
import { companyRoutes } from './companies/routes';
import { registerCompanyHooks } from './companies/hooks';
import { servicingCompanyHooks } from './servicing/company-guard';
import { taskCompanyHooks } from './tasks/company-hooks';
import { assetRoutes } from './assets/routes';
import { eventRoutes } from './events/routes';
import { documentRoutes } from './documents/routes';
import { searchRoutes } from './search/routes';
import { loadOrCreateSecret } from './platform/auth/secret';
import { createStorage } from './platform/storage/create-storage';
import { localStorageRoutes } from './platform/storage/local-routes';
import { isLocalStorage } from './platform/storage/local-storage';
import { createMailDelivery, type MailDelivery } from './platform/mail/delivery';
import { createMailer } from './platform/mail/mailer';
import type { AppDeps, RouteDeps } from './platform/route-deps';
import { userRoutes } from './users/routes';
import { invitationRoutes } from './invitations/routes';
import { passwordRoutes } from './passwords/routes';
import { keptSessionUsers } from './identity/sessions';
import { portfolioRoutes } from './portfolio/routes';
import { portfolioFigureRoutes } from './portfolio/figures-routes';
import { servicingRoutes } from './servicing/routes';
import { bulkAmendmentRoutes } from './servicing/bulk-routes';
import { statementRoutes } from './servicing/statement-routes';
import { pipelineRoutes } from './pipeline/routes';
import { aidCeilingRoutes } from './pipeline/aid-ceiling-routes';
import { controlsRoutes } from './controls/routes';
import { committeeRoutes } from './pipeline/committee-routes';
import { taskRoutes } from './tasks/routes';
import { guaranteeRoutes } from './guarantees/routes';
import { letterRoutes } from './letters/routes';
import { reminderRoutes } from './tasks/reminders-routes';
import { noticeRoutes } from './notices/routes';
import { reportRoutes } from './reports/routes';
import { accountingRoutes } from './accounting/routes';
import { backupRoutes } from './backups/routes';
import { privacyRoutes } from './privacy/routes';
import { registerPrivacyParticipant } from './privacy/registry';
import { privacyParticipants } from './privacy/participants';
import { guaranteesPrivacy } from './guarantees/privacy';
import { registerMoveGate } from './servicing/move-gate';
import { gateMove } from './controls/actions';
import { pendingAnswer } from './controls/answers';
import { noticesPrivacy } from './notices/privacy';
import { enrollingUsers, twoFactorRoutes } from './two-factor/routes';
import { guardFileDeletes } from './backups/file-guard';
import { createBackupService, type BackupService } from './backups/service';
import { archiveKey } from './backups/signature';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access level, in registration order. */
    routeTable: RouteEntry[];
    /** Exposed so that shutdown, and tests, can wait for mail sent after a response. */
    mail: MailDelivery;
    /** Exposed so that tests can run the due background jobs (`app.jobs.drain()`). */
    jobs: JobRunner;
    /** Exposed so that tests can wait for a backup and drive the schedule. */
    backups: BackupService;
  }
}

export const API_PREFIX = '/api';
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Logs must never hold a password, token, reset link or authorization header (security issue):
 * bodies are not logged, headers are redacted, query strings (signed storage links) are cut from URLs,
 * and database errors keep their reason but not the parameters of the failed query.
 */
export const loggerOptions = (level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] => ({
  level,
  ...(stream ? { stream } : {}),
  redact: {
    paths: [
      'req.headers.authorization',
      'res.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.passwordConfirmation',
      '*.token',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: request.url.split('?')[0],
      remoteAddress: request.ip,
    }),
    err: serializeError,
  },
});

/** drizzle wraps driver errors as "Failed query: <sql> params: <values>"; the values may be secrets. */
function serializeError(error: FastifyError): { type: string; message: string; stack: string; [key: string]: unknown } {
  const failedQuery = error.message.startsWith('Failed query:');
  const cause = error.cause instanceof Error ? (error.cause as Error & { code?: unknown }) : undefined;
  return {
    type: error.name,
    message: failedQuery ? (error.message.split('\nparams:')[0] ?? '') : error.message,
    code: error.code || cause?.code,
    cause: cause ? { type: cause.name, message: cause.message, code: cause.code } : undefined,
    stack: failedQuery ? '' : (error.stack ?? ''),
  };
}

/**
 * One line per request at info level, once it is answered and naming it, instead of Fastify's two (ADR 0029:
 * logging was a few percent of a read's CPU). "incoming request" is still written at debug level.
 */
class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Origins the browser must reach for files: none for local storage (served by the API itself). */
export function storageOrigins(config: Config): string[] {
  if (!config.s3) return [];
  if (config.s3.endpoint) {
    const endpoint = new URL(config.s3.endpoint);
    // Virtual-hosted style puts the bucket in the host name.
    return config.s3.forcePathStyle
      ? [endpoint.origin]
      : [endpoint.origin, `${endpoint.protocol}//${config.s3.bucket}.${endpoint.host}`];
  }
  return [
    `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`,
    `https://s3.${config.s3.region}.amazonaws.com`,
  ];
}

/** Builds the app: plugins first, then feature routes. Never listens (main.ts does). */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new RequestLog(),
    trustProxy: deps.config.trustProxy,
    // Query strings like `page[number]=2` are kept as flat keys and read by the list helpers.
    routerOptions: { ignoreTrailingSlash: true },
    // Requests refused before routing still answer the JSON error envelope.
    frameworkErrors,
    clientErrorHandler,
    ...options,
  });

  // Every route as registered, with its access level: the authorization matrix test is built from it.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // Read when asked: a later onRoute hook may still set the access (the API reference's routes are public).
      routeTable.push({
        method,
        url: route.url,
        get access() {
          return routeAccess(route.config);
        },
      });
    }
  });

  // Security headers: helmet's middleware, built once (ADR 0029: @fastify/helmet built it again for every request,
  // parsing the policy each time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in a <style> element and positions popovers with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins(deps.config)],
        fontSrc: ["'self'", 'data:'],
        // The browser uploads straight to S3 with presigned URLs, and shows avatars from there.
        connectSrc: ["'self'", ...storageOrigins(deps.config)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );

  registerContracts(app, { verifyResponses: deps.verifyResponses ?? false });
  registerWire(app);
  registerNoStore(app, API_PREFIX);
  registerErrorHandling(app);
  await registerApiReference(app, API_PREFIX);
  // Committed writes, from any process, reach every process through PostgreSQL (ADR 0027): the lists' totals and
  // anchors, the dashboard, and the users of session tokens (ADR 0029) are kept until their tables change.
  const { lists, identities, schedules, asOneRequest, stop: stopListening } = await keepBetweenWrites(deps.database);
  app.addHook('onClose', stopListening);
  app.addHook('onRequest', (_request, _reply, done) => asOneRequest(done));
  registerAuth(app, {
    tokens: deps.tokens,
    findSessionUser: keptSessionUsers(deps.database.db, identities),
    findEnrollingUser: enrollingUsers(deps.database.db),
  });

  const mail = createMailDelivery(deps.mailer ?? createMailer(deps.config));
  app.decorate('mail', mail);
  app.addHook('onClose', () => mail.close());
  const secret = await loadOrCreateSecret(deps.config.jwtSecret, deps.config.dataDir);
  const baseStorage = deps.storage ?? (await createStorage(deps.config, { secret, urlBase: `${API_PREFIX}/storage` }));
  const backups = createBackupService({
    database: deps.database,
    storage: baseStorage,
    archiveKey: archiveKey(secret),
    s3Bucket: deps.config.s3?.bucket,
    settings: {
      dir: deps.config.backup.dir,
      keep: deps.config.backup.keep,
      intervalMs: deps.config.backup.intervalHours * 3600_000,
      tickMs: 15 * 60_000,
    },
    log: app.log,
  });
  // Files referred to by a backup's snapshot must still be there when it copies them (backups/file-guard.ts).
  const storage = guardFileDeletes(baseStorage, () => backups.isRunning());
  app.decorate('backups', backups);
  app.addHook('onReady', async () => backups.startSchedule());
  app.addHook('onClose', () => backups.stop());
  const jobs = new JobRunner(deps.database.db, { log: app.log });
  app.decorate('jobs', jobs);
  // Started once every feature has added its handlers; stopped (waiting for the job in progress) on close.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  // What newer features do on a company's save and archiving, run by the companies feature (ADR 0060).
  registerCompanyHooks('servicing', servicingCompanyHooks);
  registerCompanyHooks('tasks', taskCompanyHooks);
  // What each feature holds of a company's people, for destruction and a person's export (ADR 0075).
  for (const [feature, participant] of privacyParticipants) registerPrivacyParticipant(feature, participant);
  // Servicing's writes go through the funds' two-person approval (ADR 0067).
  registerMoveGate({ gate: gateMove, pendingAnswer });
  registerPrivacyParticipant('guarantees', guaranteesPrivacy);
  registerPrivacyParticipant('notices', noticesPrivacy);
  const routeDeps: RouteDeps = {
    ...deps,
    mail,
    storage,
    limits: abuseLimits(deps.database.db),
    lists,
    schedules,
    jobs,
  };

  await app.register(
    async (api) => {
      // Inside the API's scope only: the SPA's files are compressed once, at build time (registerSpa).
      await registerApiCompression(api);
      // After compression: a kept value's answer is taken as the bytes compression made (ADR 0050).
      registerKeptAnswers(api);
      await api.register(healthRoutes, routeDeps);
      await api.register(authRoutes, routeDeps);
      await api.register(accountRoutes, routeDeps);
      await api.register(userRoutes, routeDeps);
      await api.register(invitationRoutes, routeDeps);
      await api.register(passwordRoutes, routeDeps);
      await api.register(twoFactorRoutes, routeDeps);
      await api.register(lookupRoutes, routeDeps);
      await api.register(companyRoutes, routeDeps);
      await api.register(assetRoutes, routeDeps);
      await api.register(eventRoutes, routeDeps);
      await api.register(documentRoutes, routeDeps);
      await api.register(portfolioRoutes, routeDeps);
      await api.register(portfolioFigureRoutes, routeDeps);
      await api.register(servicingRoutes, routeDeps);
      await api.register(bulkAmendmentRoutes, routeDeps);
      await api.register(statementRoutes, routeDeps);
      await api.register(pipelineRoutes, routeDeps);
      await api.register(committeeRoutes, routeDeps);
      await api.register(aidCeilingRoutes, routeDeps);
      await api.register(guaranteeRoutes, routeDeps);
      await api.register(controlsRoutes, routeDeps);
      await api.register(taskRoutes, routeDeps);
      await api.register(reminderRoutes, routeDeps);
      await api.register(noticeRoutes, routeDeps);
      await api.register(letterRoutes, routeDeps);
      await api.register(reportRoutes, routeDeps);
      await api.register(accountingRoutes, routeDeps);
      await api.register(searchRoutes, routeDeps);
      await api.register(privacyRoutes, routeDeps);
      await api.register(backupRoutes, { backups });
      if (isLocalStorage(storage)) await api.register(localStorageRoutes, { storage });
    },
    { prefix: API_PREFIX },
  );

  if (deps.config.webDist && existsSync(path.join(deps.config.webDist, 'index.html'))) {
    await registerSpa(app, deps.config.webDist);
  }
  return app;
}

/**
 * Serves the built SPA; any path outside /api that is not a file gets index.html (client routing).
 * The build writes a Brotli (.br) and a gzip (.gz) copy beside each text file (vite.config.ts,
 * ADR 0018): each answer is the smallest copy the client accepts, with `vary: accept-encoding`, or the
 * plain file when it accepts none or the copy is missing. Nothing is compressed per request.
 */
async function registerSpa(app: FastifyInstance, root: string): Promise<void> {
  // serve: false — only reply.sendFile; the two public routes below are the only ones serving files.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  app.get<{ Params: { '*': string } }>('/assets/*', { config: { access: 'public' } }, (request, reply) =>
    reply.sendFile(request.params['*'], path.join(root, 'assets'), {
      immutable: true,
      maxAge: '365d',
    }),
  );
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`)) return reply.callNotFound();
    const file = decodeURIComponent(url).replace(/^\/+/, '');
    if (file && !file.includes('..') && existsSync(path.join(root, file))) return reply.sendFile(file);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
