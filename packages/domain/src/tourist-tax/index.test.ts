import { describe, expect, it } from 'vitest';
import * as identifiers from '../platform/identifiers/index.ts';
import * as touristTax from './index.ts';

describe('public entry points', () => {
  it('expose the functions the API and the web import', () => {
    for (const name of ['computeStayTax', 'findTariffConflict', 'findReductionConflict', 'parseAlloggiatiFile', 'validateStayImportRow', 'generatePeriods', 'roundHalfUpToCent', 'TaxRuleError']) {
      expect(typeof (touristTax as Record<string, unknown>)[name]).toBe('function');
    }
    for (const name of ['isValidCodiceFiscale', 'isValidPartitaIva', 'isValidIban', 'normalizeIban', 'checkCin', 'isValidEmail', 'isValidPhone']) {
      expect(typeof (identifiers as Record<string, unknown>)[name]).toBe('function');
    }
  });
});
