import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { faqs } from '../../../db/schema/index.ts';
import { defineCollection } from '../../../lib/collection/define.ts';
import { ZRecordBase } from '../../../lib/schemas.ts';
import { partialWithoutDefaults } from './shared.ts';

const ZFaqInput = z.object({
  question: z.string().trim().min(1, 'validation.required').max(500),
  answer: z.string().trim().min(1, 'validation.required').max(10_000),
  order: z.number().int().min(0).default(0),
  isVisible: z.boolean().default(true),
});

/** FAQs: every signed-in user reads the visible ones; admins manage them. */
export const faqsCollection = defineCollection({
  name: 'faqs',
  resource: 'faqs',
  table: faqs,
  record: ZRecordBase.extend({ question: z.string(), answer: z.string(), order: z.number(), isVisible: z.boolean() }),
  create: ZFaqInput,
  update: partialWithoutDefaults(ZFaqInput),
  filterable: { question: faqs.question, order: faqs.order, isVisible: faqs.isVisible },
  searchable: [faqs.question, faqs.answer],
  // Who reads only the published FAQs never sees hidden ones, not even by id.
  scopes: { published: () => eq(faqs.isVisible, true) },
});
