import type { TMessageTree } from '../../i18n/mergeMessages';
import { touristTaxIt } from './touristTax.it';
import { touristTaxResourcesIt } from './touristTaxResources.it';
import { filingsIt } from './filings.it';
import { filingResourcesIt } from './filingResources.it';
import { screensIt } from './screens.it';
import { policeFilesIt } from './policeFiles.it';
import { pagopaIt } from './pagopa.it';
import { rulesIt } from './rules.it';

/** The area's texts in Italian, loaded for the users whose role works in the area (i18n/bundles.ts), merged in this order. */
export const touristTaxMessagesIt: TMessageTree[] = [touristTaxIt, touristTaxResourcesIt, filingsIt, filingResourcesIt, screensIt, policeFilesIt, pagopaIt, rulesIt];
