import type { TMessageTree } from '../../i18n/mergeMessages';
import { environmentalEn } from './environmental.en';
import { rdpsEn } from './rdps.en';
import { formsEn } from './forms.en';
import { ncaEn } from './nca.en';
import { capaEn } from './capa.en';

/** The area's texts in English, loaded for the users whose role works in the area (i18n/bundles.ts), merged in this order. */
export const environmentalMessagesEn: TMessageTree[] = [environmentalEn, rdpsEn, formsEn, ncaEn, capaEn];
