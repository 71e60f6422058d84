/**
 * The rules municipal regulations write, each modelled by the comune's own rule set and checked with
 * amounts computed by hand. Figures of the regulations are quoted as the example's inputs.
 */
import { describe, expect, it } from 'vitest';
import { computeStayTax, MAX_STAY_NIGHTS } from './engine.ts';
import { TaxRuleError } from './errors.ts';
import type { TExemption, TReduction, TStayTaxInput, TTariff } from './types.ts';

const CITY = 'c';
const STRUCTURE = { cityId: CITY, structureTypeId: 'hotel', structureClassId: null, relevantAreaId: null };

function tariff(o: Partial<TTariff> & { id: string }): TTariff {
  return { name: o.id, cityId: CITY, type: 'flat', nightlyPriceCents: 0, percentageBasisPoints: 0, maxNights: null, validFrom: '2020-01-01', validTo: null, ...o };
}
function reduction(o: Partial<TReduction> & { id: string }): TReduction {
  return { name: o.id, cityId: CITY, reductionType: 'percentage', amountCents: 0, percentageBasisPoints: 0, maxNights: null, validFrom: '2020-01-01', validTo: null, ...o };
}
function stay(o: Partial<TStayTaxInput>): TStayTaxInput {
  return { checkIn: '2026-07-01', checkOut: '2026-07-04', componentsNumber: 1, structure: STRUCTURE, tariffs: [], reductions: [], exemptions: [], ...o };
}
function ruleError(fn: () => unknown): TaxRuleError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TaxRuleError) return e;
    throw e;
  }
  throw new Error('expected a TaxRuleError');
}

describe('age exemptions and reductions from the guests birth dates', () => {
  const under10: TExemption = { id: 'e-under10', name: 'Minori fino al compimento del 10° anno', condition: 'age', ageTo: 9, ageOn: 'checkIn' };

  it('Roma: under-10s exempt, age taken at check-in (6.00 x 3 nights x 2 adults = 36.00)', () => {
    const tax = computeStayTax(
      stay({
        componentsNumber: 4,
        tariffs: [tariff({ id: 't', nightlyPriceCents: 600, maxNights: 10 })],
        exemptions: [under10],
        guests: [
          { name: 'Anna', surname: 'Rossi', birthDate: '1980-05-05' },
          { name: 'Luca', surname: 'Rossi', birthDate: '1979-01-01' },
          // turns 10 on 2 July, during the stay: 9 at check-in, exempt for the whole stay
          { name: 'Sara', surname: 'Rossi', birthDate: '2016-07-02' },
          { name: 'Ugo', surname: 'Rossi', birthDate: '2018-03-03' },
        ],
      }),
    );
    expect(tax.tariffImportCents).toBe(3600);
    expect([tax.exemptGuests, tax.payingGuests]).toEqual([2, 2]);
    expect(tax.guestLines.map((l) => [l.name, l.age, l.kind, l.reason, l.toPayCents])).toEqual([
      ['Anna Rossi', 46, 'full', null, 1800],
      ['Luca Rossi', 47, 'full', null, 1800],
      ['Sara Rossi', 9, 'exempt', 'age', 0],
      ['Ugo Rossi', 8, 'exempt', 'age', 0],
    ]);
    expect(tax.presences).toEqual({ paying: 6, reduced: 0, exempt: 6, beyondCap: 0 });
  });

  it('age taken at check-out when the regulation says so: the 10th birthday during the stay makes the guest pay', () => {
    const tax = computeStayTax(
      stay({
        componentsNumber: 1,
        tariffs: [tariff({ id: 't', nightlyPriceCents: 600 })],
        exemptions: [{ ...under10, ageOn: 'checkOut' }],
        guests: [{ birthDate: '2016-07-02' }],
      }),
    );
    expect(tax.tariffImportCents).toBe(1800);
  });

  it('a guest born on 29 February turns a year older on 1 March in a common year', () => {
    const input = (checkIn: string, checkOut: string) =>
      stay({ checkIn, checkOut, tariffs: [tariff({ id: 't', nightlyPriceCents: 100 })], exemptions: [{ ...under10, ageTo: 9 }], guests: [{ birthDate: '2016-02-29' }] });
    expect(computeStayTax(input('2026-02-28', '2026-03-01')).tariffImportCents).toBe(0); // still 9
    expect(computeStayTax(input('2026-03-01', '2026-03-02')).tariffImportCents).toBe(100); // 10
  });

  it('10 to 16 years at 50%: 5.00 x 2 nights, the 12-year-old pays 5.00 (reduced presences 2)', () => {
    const tax = computeStayTax(
      stay({
        checkOut: '2026-07-03',
        componentsNumber: 2,
        tariffs: [tariff({ id: 't', nightlyPriceCents: 500 })],
        reductions: [reduction({ id: 'r-10-16', percentageBasisPoints: 5000, ageFrom: 10, ageTo: 16 })],
        guests: [{ birthDate: '1990-01-01' }, { birthDate: '2014-01-01' }],
      }),
    );
    expect([tax.tariffImportCents, tax.reductionImportCents, tax.toPayAmountCents]).toEqual([2000, 500, 1500]);
    expect(tax.guestLines[1]).toMatchObject({ kind: 'reduction', ruleId: 'r-10-16', reason: 'age', age: 12, reducedNights: 2, toPayCents: 500 });
    expect(tax.presences).toEqual({ paying: 2, reduced: 2, exempt: 0, beyondCap: 0 });
  });

  it('typed counts stay for rules not about age: a driver on top of an exempt child', () => {
    const driver: TExemption = { id: 'e-driver', name: 'Autista' };
    const tax = computeStayTax(
      stay({
        componentsNumber: 3,
        tariffs: [tariff({ id: 't', nightlyPriceCents: 200 })],
        exemptions: [under10, driver],
        guests: [
          { name: 'Lead', birthDate: '1970-01-01' },
          { name: 'Kid', birthDate: '2020-01-01' },
        ],
        appliedExemptions: [{ exemptionId: 'e-driver', count: 1 }],
      }),
    );
    // one paying guest: 2.00 x 3 = 6.00; the driver is the guest not recorded
    expect(tax.tariffImportCents).toBe(600);
    expect(tax.guestLines.map((l) => [l.guestIndex, l.guests, l.kind, l.ruleId, l.reason])).toEqual([
      [0, 1, 'full', null, null],
      [1, 1, 'exempt', 'e-under10', 'age'],
      [null, 1, 'exempt', 'e-driver', 'count'],
    ]);
  });

  it('refuses more exempt guests than guests, counting the automatic ones', () => {
    const e = ruleError(() =>
      computeStayTax(
        stay({
          componentsNumber: 1,
          tariffs: [tariff({ id: 't', nightlyPriceCents: 200 })],
          exemptions: [under10, { id: 'd', name: 'Autista' }],
          guests: [{ birthDate: '2020-01-01' }],
          appliedExemptions: [{ exemptionId: 'd', count: 1 }],
        }),
      ),
    );
    expect(e.code).toBe('TOO_MANY_EXEMPT_OR_REDUCED');
  });
});

describe('reductions count the guest-nights they actually apply to', () => {
  it('school trip, 50% for at most 3 nights: 4 pupils x 5 nights declare 12 reduced presences, not 20', () => {
    const tax = computeStayTax(
      stay({
        checkIn: '2026-03-02',
        checkOut: '2026-03-07',
        componentsNumber: 4,
        tariffs: [tariff({ id: 't', nightlyPriceCents: 200 })],
        reductions: [reduction({ id: 'school', percentageBasisPoints: 5000, maxNights: 3 })],
        appliedReductions: [{ reductionId: 'school', count: 4 }],
      }),
    );
    // tax 4 x 5 x 2.00 = 40.00; reduction 4 x 3 x 1.00 = 12.00
    expect([tax.tariffImportCents, tax.reductionImportCents]).toEqual([4000, 1200]);
    expect(tax.presences).toEqual({ paying: 8, reduced: 12, exempt: 0, beyondCap: 0 });
  });
});

describe('conditions the comune sets up as rules', () => {
  it('residents of the comune are exempt (2 guests, 1 resident: 3.00 x 3 = 9.00)', () => {
    const tax = computeStayTax(
      stay({
        componentsNumber: 2,
        tariffs: [tariff({ id: 't', nightlyPriceCents: 300 })],
        exemptions: [{ id: 'res', name: 'Residenti nel comune', condition: 'resident' }],
        guests: [{ resident: true }, { resident: false }],
      }),
    );
    expect(tax.tariffImportCents).toBe(900);
    expect(tax.guestLines[0]).toMatchObject({ kind: 'exempt', reason: 'resident' });
  });

  it('one tour leader exempt every 25 participants', () => {
    const leaders = { id: 'tl', name: 'Accompagnatori turistici (1 ogni 25)', condition: 'tourLeader' as const, participantsPerLeader: 25 };
    const base = { checkOut: '2026-07-02', tariffs: [tariff({ id: 't', nightlyPriceCents: 300 })], exemptions: [leaders] };
    // 2 leaders + 50 participants: both exempt, 50 x 3.00 = 150.00
    const two = computeStayTax(stay({ ...base, componentsNumber: 52, guests: [{ tourLeader: true }, { tourLeader: true }] }));
    expect([two.exemptGuests, two.tariffImportCents]).toEqual([2, 15000]);
    // 3 leaders + 49 participants: one exempt, the other two pay: 51 x 3.00 = 153.00
    const three = computeStayTax(stay({ ...base, componentsNumber: 52, guests: [{ tourLeader: true }, { tourLeader: true }, { tourLeader: true }] }));
    expect([three.exemptGuests, three.tariffImportCents]).toEqual([1, 15300]);
  });

  it('Bologna, cap of 5 nights per guest and structure: an extension filed as a new stay does not restart the count', () => {
    const t = tariff({ id: 't', nightlyPriceCents: 400, maxNights: 5 });
    const previousNights = [1, 2, 3].map(() => ({ tariffId: 't', taxable: true }));
    // 3 nights already taxed; the 4-night extension has 2 taxable nights: 2 x 4.00 = 8.00
    const tax = computeStayTax(stay({ checkIn: '2026-07-04', checkOut: '2026-07-08', tariffs: [t], previousNights }));
    expect(tax.taxableNights).toBe(2);
    expect(tax.tariffImportCents).toBe(800);
    expect(tax.presences.beyondCap).toBe(2);
  });

  it('nights beyond the cap are not taxed and need no tariff (29/12-02/01, cap 3, no tariff for the new year yet)', () => {
    const t = tariff({ id: 't2026', nightlyPriceCents: 350, maxNights: 3, validTo: '2026-12-31' });
    const tax = computeStayTax(stay({ checkIn: '2026-12-29', checkOut: '2027-01-02', componentsNumber: 2, tariffs: [t] }));
    expect(tax.tariffImportCents).toBe(2 * 3 * 350);
    expect(tax.nights.at(-1)).toMatchObject({ date: '2027-01-01', tariffId: null, taxable: false, tariffCents: 0 });
    // without the cap the night of 01/01 still needs a tariff
    const uncapped = ruleError(() => computeStayTax(stay({ checkIn: '2026-12-29', checkOut: '2027-01-02', tariffs: [{ ...t, maxNights: null }] })));
    expect([uncapped.code, uncapped.date]).toEqual(['NO_TARIFF_FOR_NIGHT', '2027-01-01']);
  });
});

describe('percentage tariffs', () => {
  const pct = tariff({ id: 'p', type: 'percentage', percentageBasisPoints: 500, maxPerPersonNightCents: 500 });

  it('5% of the price, at most 5.00 per person per night, with the price of each night', () => {
    // 2 guests; nights at 200.00, 300.00, 100.00: shares 5.00, 7.50 -> 5.00, 2.50; x 2 guests = 25.00
    const tax = computeStayTax(stay({ componentsNumber: 2, tariffs: [pct], nightlyPricesCents: [20000, 30000, 10000] }));
    expect(tax.tariffImportCents).toBe(2500);
    expect(tax.nights.map((n) => n.tariffCents)).toEqual([1000, 1000, 500]);
  });

  it('the accommodation amount spread evenly when the nightly price is not given (600.00 / 3 nights: 5.00 each, 30.00)', () => {
    const tax = computeStayTax(stay({ componentsNumber: 2, tariffs: [pct], accommodationAmountCents: 60000 }));
    expect(tax.tariffImportCents).toBe(3000);
    // 900.00: 7.50 a night capped at 5.00 -> still 30.00
    expect(computeStayTax(stay({ componentsNumber: 2, tariffs: [pct], accommodationAmountCents: 90000 })).tariffImportCents).toBe(3000);
  });

  it('needs one price per night', () => {
    expect(ruleError(() => computeStayTax(stay({ tariffs: [pct], nightlyPricesCents: [100] }))).code).toBe('INVALID_ACCOMMODATION_AMOUNT');
  });
});

describe('stay length', () => {
  it(`refuses a stay longer than a year (${MAX_STAY_NIGHTS} nights)`, () => {
    const tariffs = [tariff({ id: 't', nightlyPriceCents: 100, maxNights: 10 })];
    expect(computeStayTax(stay({ checkIn: '2028-01-01', checkOut: '2029-01-01', tariffs })).nightsNumber).toBe(366);
    const e = ruleError(() => computeStayTax(stay({ checkIn: '2026-01-01', checkOut: '2126-01-01', tariffs })));
    expect([e.code, e.details[0].path]).toEqual(['INVALID_DATES', 'checkOut']);
  });

  it('refuses a birth date after the check-in', () => {
    const e = ruleError(() => computeStayTax(stay({ tariffs: [tariff({ id: 't' })], guests: [{ birthDate: '2026-08-01' }] })));
    expect([e.code, e.details[0].path]).toEqual(['INVALID_DATES', 'guests[0].birthDate']);
  });
});
