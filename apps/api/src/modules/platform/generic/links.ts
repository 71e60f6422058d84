import { randomInt } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { links } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { AppError } from '../../../lib/errors.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { ZHttpUrl, ZOptionalText } from './shared.ts';

const ZShortCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,64}$/, 'letters, digits, - or _, 3 to 64 characters');

const ZLinkInput = z.object({
  shortLink: ZHttpUrl.nullish(),
  longLink: ZHttpUrl,
  socialTitle: ZOptionalText(200),
  socialDescription: ZOptionalText(1000),
  socialImage: ZHttpUrl.nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  shortCode: ZShortCode.optional().describe('Generated when absent'),
});

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const generateShortCode = (length = 7) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Short links: admins only; a short code is unique (409 DUPLICATE). */
export const linksCollection = defineCollection({
  name: 'links',
  resource: 'links',
  table: links,
  record: ZRecordBase.extend({
    shortLink: z.string().nullable(),
    longLink: z.string(),
    socialTitle: z.string().nullable(),
    socialDescription: z.string().nullable(),
    socialImage: z.string().nullable(),
    data: z.record(z.string(), z.unknown()).nullable(),
    shortCode: z.string(),
  }),
  create: ZLinkInput,
  update: ZLinkInput.partial(),
  filterable: { shortCode: links.shortCode, longLink: links.longLink, shortLink: links.shortLink },
  searchable: [links.shortCode, links.longLink, links.socialTitle],
  toRow: async ({ input, tx, existing }) => {
    const shortCode = input.shortCode ?? (existing ? undefined : generateShortCode());
    if (shortCode === undefined) return input;
    const clash = await tx
      .select({ id: links.id })
      .from(links)
      .where(and(eq(links.shortCode, shortCode), existing ? ne(links.id, existing.id) : undefined));
    if (clash.length > 0) throw new AppError('DUPLICATE', 'This short code is already used', { details: [{ path: 'shortCode', message: 'already used', value: shortCode }] });
    return { ...input, shortCode };
  },
});
