import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import apiReference from '@scalar/fastify-api-reference';
import { getTableName } from 'drizzle-orm';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import { DatabaseUnavailableError, type TDatabase } from './db/client.ts';
import { AppError, isAppError, toErrorBody } from './lib/errors.ts';
import { databaseErrorToAppError } from './lib/database-errors.ts';
import { createCountCache } from './lib/collection/count-cache.ts';
import { liveAnnouncementsSent } from './lib/collection/live.ts';
import { createTableWrites, readsAsOfArrival } from './lib/table-writes.ts';
import { findUnsafeInput } from './lib/schemas.ts';
import { connectRedis } from './lib/redis.ts';
import type { TServices } from './lib/fastify-types.ts';
import { loadInstallationSeal } from './lib/installation-seal.ts';
import type { TSealKey } from './lib/pdf-seal.ts';
import { registerAuthentication } from './modules/platform/auth/authenticate.ts';
import { createMailer } from './modules/platform/mail/mailer.ts';
import { createRealtime } from './modules/platform/notifications/realtime.ts';
import { createLocalStorage } from './modules/platform/uploads/storage.ts';
import { registerModules } from './modules/index.ts';
import { permissionGate } from './modules/platform/permissions/authorize.ts';
import { enabledAreas } from './modules/platform/settings/features.ts';
import { watchSettingsWrites } from './modules/platform/settings/settings-cache.ts';
import './lib/fastify-types.ts';

export type TBuildOptions = { config: TConfig; database: TDatabase; logger?: boolean | object };

/** Builds the Fastify application over an open database. Used by main.ts, tests and benchmarks. */
export async function buildApp({ config, database, logger }: TBuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    ajv: { customOptions: { coerceTypes: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const redis = config.redisUrl ? connectRedis(config.redisUrl) : null;
  const tableWrites = createTableWrites(database, app.log);
  watchSettingsWrites(database.db, tableWrites);
  const services: TServices = {
    config,
    database,
    db: database.db,
    collections: new Map(),
    tableWrites,
    countCache: createCountCache(tableWrites),
    permissions: permissionGate,
    areas: enabledAreas,
    mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    realtime: createRealtime(app.log, redis),
    storage: createLocalStorage(config.uploadDir),
    redis,
    seal: () => (seal ??= loadInstallationSeal(config)),
  };
  let seal: Promise<TSealKey> | undefined;
  app.decorate('services', services);
  // A seal that cannot be read stops the start here, not at the first signature.
  app.addHook('onReady', async () => void (await services.seal()));
  app.addHook('onReady', () => tableWrites.start());
  app.addHook('onClose', () => tableWrites.stop());
  // Live-list announcements still asking who may read a row finish before the database closes.
  app.addHook('onClose', () => liveAnnouncementsSent(database.db));
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));

  // The readable name of a table in an error (which records still use one being deleted): the
  // collection that serves it, else the table's name in the URL style of the collections.
  let collectionOfTable: Map<string, string> | undefined;
  const resourceOf = (table: string) => {
    collectionOfTable ??= new Map([...services.collections.values()].reverse().map((runtime) => [getTableName(runtime.def.table), runtime.def.name]));
    return collectionOfTable.get(table) ?? table.replace(/_/g, '-');
  };
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const appError = toAppError(error, request.log, resourceOf);
    if (appError.headers) reply.headers(appError.headers);
    // A 4xx that Fastify itself raised (malformed body, unsupported media type...) keeps Fastify's
    // status under the BAD_REQUEST code: the client sent something the framework cannot read.
    const frameworkStatus = appError.code === 'BAD_REQUEST' && error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : null;
    return reply.code(frameworkStatus ?? appError.statusCode).send({ ...toErrorBody(appError), ...(frameworkStatus ? { statusCode: frameworkStatus } : {}) });
  });
  // Before any route's own schema: NUL characters, numbers beyond the database's range and
  // prototype-named keys are refused for every route at once (lib/schemas.ts, findUnsafeInput).
  app.addHook('preValidation', async (request) => {
    for (const where of ['params', 'query', 'body'] as const) {
      const unsafe = findUnsafeInput(request[where], where);
      if (unsafe) {
        const message = unsafe.code === 'UNKNOWN_FIELD' ? `Unknown field ${unsafe.path}` : 'Some fields are not valid';
        throw new AppError(unsafe.code, message, { details: [{ path: unsafe.path, message: unsafe.message }] });
      }
    }
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !serveWeb) {
      return reply.code(404).send(toErrorBody(new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)));
    }
    // History fallback: the web app owns every other path.
    return reply.type('text/html').sendFile('index.html');
  });

  // Scripts only from our own files (no inline script, no eval); connections only to our own origin,
  // the socket.io channel included (ws/wss of the public address: older browsers do not count a
  // websocket to the same host as 'self'). Styles keep 'unsafe-inline': MUI injects its styles.
  const socketOrigin = config.publicUrl.replace(/^http/, 'ws');
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", socketOrigin],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    // The PDF of a test report is shown in an iframe from a blob: URL (fetched with the bearer token).
    frameSrc: ["'self'", 'blob:'],
    frameAncestors: ["'none'"],
  };
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        ...directives,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The API reference page (/api/docs) boots from inline scripts that the package writes: each one
  // is allowed by its own hash, computed from the page actually sent, never by 'unsafe-inline'.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/docs') || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const hashes = [...payload.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
    const policy = { ...directives, scriptSrc: ["'self'", ...hashes] };
    reply.header(
      'content-security-policy',
      Object.entries(policy)
        .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
        .join(';'),
    );
    return payload;
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    exposedHeaders: ['X-Total-Count', 'Content-Disposition'],
    credentials: true,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Back office API', version: config.appVersion ?? '0.1.0', description: 'Tourist tax, environmental compliance and administration.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The reference UI ships its script with the package (no CDN, nor its web fonts: the CSP allows our own only); the document is at /api/docs/json.
  await app.register(apiReference, { routePrefix: '/api/docs', openApiDocumentEndpoints: { json: '/json', yaml: '/yaml' }, configuration: { withDefaultFonts: false } });

  // A read request's caches (signed-in user, settings, counts) answer as of its arrival, sharing one round trip on
  // the LISTEN connection (lib/table-writes.ts); writes keep a round trip per cached read, after their own writes.
  app.addHook('onRequest', (request, _reply, done) => (request.method === 'GET' || request.method === 'HEAD' ? readsAsOfArrival.run(performance.now(), done) : done()));
  registerAuthentication(app);
  await registerModules(app);

  const webDist = config.webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist');
  const serveWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    // Built files come with brotli and gzip copies (apps/web/vite.config.ts), sent as they are to a
    // browser that accepts them. Files under assets/ have a content hash in their name, so they never
    // change: cached for a year, immutable; everything else (index.html) is revalidated every time.
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = path.relative(webDist, filePath).split(path.sep)[0] === 'assets';
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}

/** Every failure as the one error type: its code decides the HTTP status (lib/errors.ts). */
function toAppError(error: Error & { statusCode?: number; code?: string; cause?: unknown }, log: FastifyBaseLogger, resourceOf: (table: string) => string): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => ({
      path:
        [
          String(v.instancePath ?? '')
            .replace(/^\//, '')
            .replace(/\//g, '.'),
        ]
          .filter(Boolean)
          .join('.') || String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? ''),
      message: v.message ?? 'invalid',
    }));
    return new AppError('VALIDATION_FAILED', 'Some fields are not valid', { details });
  }
  if (isResponseSerializationError(error)) {
    log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return new AppError('INTERNAL_ERROR', 'Something went wrong on our side');
  }
  // The embedded database's thread has stopped (logged when it did): a clear 503, not a hang or a 500.
  if (error instanceof DatabaseUnavailableError || error.cause instanceof DatabaseUnavailableError) {
    return new AppError('SERVICE_UNAVAILABLE', 'The database is not available; the server must be restarted', { cause: error });
  }
  // What the database refused because of the request's values: a record still in use, a duplicate,
  // a value it cannot store (lib/database-errors.ts). Logged when a shared check should have caught it.
  const fromDatabase = databaseErrorToAppError(error, resourceOf);
  if (fromDatabase) {
    if (fromDatabase.code === 'VALIDATION_FAILED') log.warn({ err: error }, 'a value reached the database that it cannot store');
    return fromDatabase;
  }
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', 'The request or file is too large');
  if (status === 429) return new AppError('RATE_LIMITED', 'Too many attempts; try again later');
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST', error.message);
  log.error({ err: error }, 'unhandled error');
  return new AppError('INTERNAL_ERROR', 'Something went wrong on our side');
}
