import { environmentalMessagesEn } from '../environmental/i18n/messages.en';
import { environmentalMessagesIt } from '../environmental/i18n/messages.it';
import { touristTaxMessagesEn } from '../tourist-tax/i18n/messages.en';
import { touristTaxMessagesIt } from '../tourist-tax/i18n/messages.it';
import { enMessages } from './en';
import { itMessages } from './it';
import { mergeMessagesInto, type TMessageTree } from './mergeMessages';
import type { TMessages } from './messages';

/** For tests: a language's messages as bundles.ts merges them for a role working in the given business areas. */
export function bundleFor(locale: 'it' | 'en', areas: ('touristTax' | 'environmental')[]): TMessages {
  const messages = structuredClone(locale === 'it' ? itMessages : enMessages);
  const byArea: Record<string, TMessageTree[]> =
    locale === 'it' ? { touristTax: touristTaxMessagesIt, environmental: environmentalMessagesIt } : { touristTax: touristTaxMessagesEn, environmental: environmentalMessagesEn };
  // In bundles.ts's order, whatever the order asked for.
  for (const area of ['touristTax', 'environmental']) if (areas.includes(area as 'touristTax')) for (const tree of byArea[area]) mergeMessagesInto(messages, tree);
  return messages;
}
