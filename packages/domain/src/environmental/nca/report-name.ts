import { z } from 'zod';

/**
 * What tells one draft report from another before it has a code (a report takes its code when it is
 * opened): its lot, the agency it is about, the day it was created and the start of its description.
 * Signers sign drafts, so lists, "Le mie firme" and the signing e-mail name a draft by these.
 */
export const ZDraftNameParts = z.object({
  lot: z.string().nullable(),
  agency: z.string().nullable(),
  createdOn: z.string().describe('YYYY-MM-DD, in Italy'),
  summary: z.string().nullable().describe('The start of the description, at most 60 characters'),
});
export type TDraftNameParts = z.infer<typeof ZDraftNameParts>;

const SUMMARY_LENGTH = 60;

/** The start of a description for a name: one line, cut at a word with an ellipsis past 60 characters. */
export function summaryOf(description: string | null | undefined): string | null {
  const line = description?.replace(/\s+/g, ' ').trim();
  if (!line) return null;
  if (line.length <= SUMMARY_LENGTH) return line;
  const cut = line.slice(0, SUMMARY_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > SUMMARY_LENGTH / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The lot, agency and summary of a draft, joined for reading ("Lotto 3 · Edil Rossi · Sversamento di olio…"). */
export const draftDetails = (parts: TDraftNameParts): string => [parts.lot, parts.agency, parts.summary].filter(Boolean).join(' · ');
