import { z } from 'zod';
import { projects, users } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { assertReferenceExists, partialWithoutDefaults, ZHttpUrl, ZRequiredText } from './shared.ts';

const ZProjectInput = z.object({
  name: ZRequiredText(200),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name')
    .nullish(),
  iosTeamId: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/, 'must be a 10-character team id')
    .nullish(),
  iosAppId: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, 'must be a numeric App Store id')
    .nullish(),
  iosBundleId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'must be a bundle id like it.comune.app')
    .nullish(),
  androidPackageName: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/, 'must be a package name like it.comune.app')
    .nullish(),
  androidShaFingerprints: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, 'must be a SHA-256 fingerprint (AA:BB:...)'),
    )
    .max(10)
    .default([]),
  userId: z.uuid().nullish(),
  shortLink: ZHttpUrl.nullish(),
});

/** App projects (deep links, store ids): admins only. */
export const projectsCollection = defineCollection({
  name: 'projects',
  resource: 'projects',
  table: projects,
  record: ZRecordBase.extend({
    name: z.string(),
    domain: z.string().nullable(),
    iosTeamId: z.string().nullable(),
    iosAppId: z.string().nullable(),
    iosBundleId: z.string().nullable(),
    androidPackageName: z.string().nullable(),
    androidShaFingerprints: z.array(z.string()),
    userId: z.string().nullable(),
    shortLink: z.string().nullable(),
  }),
  create: ZProjectInput,
  update: partialWithoutDefaults(ZProjectInput),
  filterable: { name: projects.name, domain: projects.domain, userId: projects.userId },
  searchable: [projects.name, projects.domain],
  toRow: async ({ input, tx }) => {
    await assertReferenceExists(tx, users, input.userId, 'userId');
    return input;
  },
});
