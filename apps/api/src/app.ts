import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import apiReference from '@scalar/fastify-api-reference';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { TDatabase } from './db/client.ts';
import { AppError, toErrorBody } from './lib/errors.ts';
import type { TServices } from './lib/fastify-types.ts';
import { registerAuthentication } from './modules/platform/auth/authenticate.ts';
import { createMailer } from './modules/platform/mail/mailer.ts';
import { createRealtime } from './modules/platform/notifications/realtime.ts';
import { createLocalStorage } from './modules/platform/uploads/storage.ts';
import { registerModules } from './modules/index.ts';
import { permissionGate } from './modules/platform/permissions/authorize.ts';
import { enabledAreas } from './modules/platform/settings/features.ts';
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

  const services: TServices = {
    config,
    database,
    db: database.db,
    collections: new Map(),
    permissions: permissionGate,
    areas: enabledAreas,
    mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    realtime: createRealtime(app.log),
    storage: createLocalStorage(config.uploadDir),
  };
  app.decorate('services', services);

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const appError = toAppError(error, request.log);
    if (appError.headers) reply.headers(appError.headers);
    // A 4xx that Fastify itself raised (malformed body, unsupported media type...) keeps Fastify's
    // status under the BAD_REQUEST code: the client sent something the framework cannot read.
    const frameworkStatus = appError.code === 'BAD_REQUEST' && error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : null;
    return reply.code(frameworkStatus ?? appError.statusCode).send({ ...toErrorBody(appError), ...(frameworkStatus ? { statusCode: frameworkStatus } : {}) });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !serveWeb) {
      return reply.code(404).send(toErrorBody(new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)));
    }
    // History fallback: the web app owns every other path.
    return reply.type('text/html').sendFile('index.html');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        // The PDF of a test report is shown in an iframe from a blob: URL (fetched with the bearer token).
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
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
  // The reference UI ships its script with the package (no CDN); the document is at /api/docs/json.
  await app.register(apiReference, { routePrefix: '/api/docs', openApiDocumentEndpoints: { json: '/json', yaml: '/yaml' } });

  registerAuthentication(app);
  await registerModules(app);

  const webDist = config.webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist');
  const serveWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  return app;
}

/** Every failure as the one error type: its code decides the HTTP status (lib/errors.ts). */
function toAppError(error: Error & { statusCode?: number; code?: string; cause?: unknown }, log: FastifyBaseLogger): AppError {
  if (error instanceof AppError) return error;
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
  // Two writers racing past a uniqueness check meet the database constraint: a conflict, not a crash.
  const pgCode = error.code ?? (error.cause as { code?: string } | undefined)?.code;
  if (pgCode === '23505') return new AppError('DUPLICATE', 'A record with the same unique value already exists');
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', 'The request or file is too large');
  if (status === 429) return new AppError('RATE_LIMITED', 'Too many attempts; try again later');
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST', error.message);
  log.error({ err: error }, 'unhandled error');
  return new AppError('INTERNAL_ERROR', 'Something went wrong on our side');
}
