import type { TMessageTree } from '../../i18n/mergeMessages';
import { environmentalIt } from './environmental.it';
import { rdpsIt } from './rdps.it';
import { formsIt } from './forms.it';
import { ncaIt } from './nca.it';
import { capaIt } from './capa.it';

/** The area's texts in Italian, loaded for the users whose role works in the area (i18n/bundles.ts), merged in this order. */
export const environmentalMessagesIt: TMessageTree[] = [environmentalIt, rdpsIt, formsIt, ncaIt, capaIt];
