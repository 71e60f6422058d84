import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileJsonWriter } from '../../../lib/collection/json-writer.ts';
import { ZStayRecord } from './stay-shapes.ts';

const zodJson = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));

// The stays list is the hottest list: its record schema must stay one the compiled writer can write.
describe('the JSON of a stays list page', () => {
  it('writes a page of stay records, whole or with a few fields, as the zod serialiser did', () => {
    const stay = {
      _id: '5d0c3c1e-4c1f-4a57-9f4c-1a2b3c4d5e6f',
      createdAt: '2025-04-01T10:00:00.000Z',
      updatedAt: '2025-04-01T10:00:00.000Z',
      structureId: 's',
      cityId: 'c',
      checkIn: '2025-04-01',
      checkOut: '2025-04-03',
      year: 2025,
      componentsNumber: 2,
      guest: { name: 'Anna', surname: "D'Amico", taxCode: null },
      guests: [{ name: 'Luca', surname: 'Neri' }],
      hasInvoice: false,
      invoice: null,
      paymentStatus: 'paid',
      noPaymentReason: null,
      attachments: [],
      appliedExemptions: [{ exemptionId: 'e', count: 1, stale: 1 }],
      appliedReductions: [],
      accommodationAmount: null,
      nightlyPrices: [80, 95.5],
      notes: null,
      nightsNumber: 2,
      taxableNights: 2,
      exemptGuests: 1,
      reducedGuests: 0,
      payingGuests: 1,
      tariffIds: ['t'],
      reductionIds: [],
      exemptionIds: ['e'],
      tariffImport: 4,
      reductionImport: 0,
      toPayAmount: 4,
      breakdown: {
        nights: [{ date: '2025-04-01', tariffId: 't', tariffName: 'Ordinaria', tariffType: 'flat', nightlyPrice: 2, percentage: null, taxable: true, tariff: 2, reduction: 0, toPay: 2 }],
        categories: [{ kind: 'exempt', id: 'e', name: 'Minori', guests: 1, taxableGuestNights: 0, exemptGuestNights: 2, tariff: 0, reduction: 0, toPay: 0 }],
      },
      presences: { paying: 2, reduced: 0, exempt: 2, beyondCap: 0 },
      source: 'manual',
      declarationId: null,
      lockedAt: null,
      isLocked: false,
    };
    const page = z.array(ZStayRecord.partial());
    const write = compileJsonWriter(page)!;
    expect(write([stay, stay])).toBe(zodJson(page, [stay, stay]));
    // `?fields=` answers the fields in the order asked; the JSON keeps the schema's order.
    const few = { isLocked: false, toPayAmount: 4, guest: stay.guest, _id: stay._id };
    expect(write([few])).toBe(zodJson(page, [few]));
    expect(write([])).toBe('[]');
  });
});
