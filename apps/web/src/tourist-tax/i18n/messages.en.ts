import type { TMessageTree } from '../../i18n/mergeMessages';
import { touristTaxEn } from './touristTax.en';
import { touristTaxResourcesEn } from './touristTaxResources.en';
import { filingsEn } from './filings.en';
import { filingResourcesEn } from './filingResources.en';
import { screensEn } from './screens.en';
import { policeFilesEn } from './policeFiles.en';
import { pagopaEn } from './pagopa.en';
import { rulesEn } from './rules.en';

/** The area's texts in English, loaded for the users whose role works in the area (i18n/bundles.ts), merged in this order. */
export const touristTaxMessagesEn: TMessageTree[] = [touristTaxEn, touristTaxResourcesEn, filingsEn, filingResourcesEn, screensEn, policeFilesEn, pagopaEn, rulesEn];
