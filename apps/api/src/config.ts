import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { errorCodeOf } from './lib/guards.ts';

/**
 * Environment configuration, parsed once at start. A malformed variable, or a secret missing in
 * production, stops start-up with a message that names the variable (ConfigError).
 */
export class ConfigError extends Error {}

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  INIT_CWD: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 24 * 3600),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  CORS_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Imposta di soggiorno <no-reply@localhost>'),
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  WEB_DIST_DIR: z.string().optional(),
  APP_VERSION: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  // PEM bundle of the certification authorities trusted for signed files (.p7m); without it the CA is reported as not checked.
  SIGNED_FILES_TRUST_LIST: z.string().optional(),
  // Where and with which certificate a future RENTRI sender would send the forms (ModI). Read and shown only:
  // no sender is built, so nothing is sent to RENTRI whatever these say (GET /api/forms/rentri-transmission).
  RENTRI_ENDPOINT: z.string().url().optional(),
  RENTRI_CERT_PATH: z.string().optional(),
  // The installation's seal of the NCA PDFs (PAdES): certificate (PEM, then its chain) and PKCS#8 PEM key.
  // Neither: a self-signed certificate is generated at first start and kept in DATA_DIR/installation-seal.pem.
  SEAL_CERT_PATH: z.string().optional(),
  SEAL_KEY_PATH: z.string().optional(),
  // Or one PKCS#12 file (.p12/.pfx: key and certificate chain) and its password (PBES2/AES, as OpenSSL 3 writes it).
  SEAL_P12_PATH: z.string().optional(),
  SEAL_P12_PASSWORD: z.string().optional(),
  // Whether list answers are checked against their record schema before they are sent (see lib/collection/list-serializer.ts).
  CHECK_LIST_RESPONSES: bool.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
});

export type TConfig = ReturnType<typeof loadConfig>;

/**
 * Secrets that were once written in this repository's source as development defaults. Anyone can
 * read them, so a token signed with one must never be accepted: they are refused as configuration.
 */
const PUBLISHED_SECRETS = new Set(['development-only-secret-change-me-0123456789', 'development-only-altcha-key']);

/**
 * A secret of this installation when none is configured outside production: generated at random on
 * first use and kept in the data folder (readable by the owner only), so sessions survive restarts
 * and no two installations share it. Under NODE_ENV=test it stays in memory.
 */
function installationSecret(dataDir: string, name: string, persist: boolean): string {
  const generated = randomBytes(48).toString('base64url');
  if (!persist) return generated;
  const file = path.join(dataDir, name);
  const read = () => {
    const value = fs.readFileSync(file, 'utf8').trim();
    if (value.length < 32 || PUBLISHED_SECRETS.has(value)) throw new ConfigError(`Invalid secret in ${file}: delete the file to generate a new one`);
    return value;
  };
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    // Another process starting on the same folder wrote it first: use theirs.
    if (errorCodeOf(error) === 'EEXIST') return read();
    throw error;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production (at least 32 characters)');
  }
  if (production && !e.ALTCHA_HMAC_KEY) {
    throw new ConfigError('Invalid configuration:\n  ALTCHA_HMAC_KEY: required in production (at least 16 characters)');
  }
  for (const name of ['JWT_SECRET', 'ALTCHA_HMAC_KEY'] as const) {
    if (e[name] && PUBLISHED_SECRETS.has(e[name])) throw new ConfigError(`Invalid configuration:\n  ${name}: this value is published in the source code; choose your own`);
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL/ADMIN_PASSWORD: set both or neither');
  }
  if (!e.SEAL_CERT_PATH !== !e.SEAL_KEY_PATH) {
    throw new ConfigError('Invalid configuration:\n  SEAL_CERT_PATH/SEAL_KEY_PATH: set both or neither');
  }
  if (e.SEAL_P12_PATH && e.SEAL_CERT_PATH) {
    throw new ConfigError('Invalid configuration:\n  SEAL_P12_PATH: set either it or SEAL_CERT_PATH/SEAL_KEY_PATH, not both');
  }
  if (e.SEAL_P12_PATH && e.SEAL_P12_PASSWORD === undefined) {
    throw new ConfigError('Invalid configuration:\n  SEAL_P12_PASSWORD: required with SEAL_P12_PATH (empty for a file without a password)');
  }
  // npm runs workspace scripts inside the workspace; relative paths mean the folder npm was started from.
  const baseDir = e.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, e.DATA_DIR);
  const persistSecrets = e.NODE_ENV !== 'test';
  let jwtSecret = e.JWT_SECRET;
  let altchaHmacKey = e.ALTCHA_HMAC_KEY;
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    // Demo mode: no configuration at all. The demo seeds known passwords, so production never is.
    demo: !production && (e.SEED_DEMO ?? true),
    // Production sets its own; otherwise this installation's random one (data folder), read on first use.
    get jwtSecret(): string {
      return (jwtSecret ??= installationSecret(dataDir, 'jwt-secret', persistSecrets));
    },
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    uploadDir: e.UPLOAD_DIR ? path.resolve(baseDir, e.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    signedFilesTrustList: e.SIGNED_FILES_TRUST_LIST ? path.resolve(baseDir, e.SIGNED_FILES_TRUST_LIST) : null,
    rentri: { endpoint: e.RENTRI_ENDPOINT ?? null, certPath: e.RENTRI_CERT_PATH ? path.resolve(baseDir, e.RENTRI_CERT_PATH) : null },
    seal: e.SEAL_CERT_PATH && e.SEAL_KEY_PATH ? { certPath: path.resolve(baseDir, e.SEAL_CERT_PATH), keyPath: path.resolve(baseDir, e.SEAL_KEY_PATH) } : null,
    sealP12: e.SEAL_P12_PATH ? { path: path.resolve(baseDir, e.SEAL_P12_PATH), password: e.SEAL_P12_PASSWORD ?? '' } : null,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    oidcIssuer: e.OIDC_ISSUER,
    oidcClientId: e.OIDC_CLIENT_ID,
    get altchaHmacKey(): string {
      return (altchaHmacKey ??= installationSecret(dataDir, 'altcha-hmac-key', persistSecrets));
    },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(baseDir, e.WEB_DIST_DIR) : undefined,
    appVersion: e.APP_VERSION,
    trustProxy: e.TRUST_PROXY,
    // Several API processes share rate limits, used bot checks, socket rooms and the job lock here.
    redisUrl: e.REDIS_URL,
    // Outside production every list answer is checked against the schema (and the fast writer against zod's); production trusts the code the tests checked.
    checkListResponses: e.CHECK_LIST_RESPONSES ?? !production,
  };
}
