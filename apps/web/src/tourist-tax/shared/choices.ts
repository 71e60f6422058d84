/** Choice lists of tourist-tax enums; names are translation keys. */

export const ruleTypeChoices = [
  { id: 'flat', name: 'touristTax.ruleType.flat' },
  { id: 'percentage', name: 'touristTax.ruleType.percentage' },
];

export const paymentStatusChoices = [
  { id: 'paid', name: 'touristTax.paymentStatus.paid' },
  { id: 'not_paid', name: 'touristTax.paymentStatus.not_paid' },
];

export const activeChoices = [
  { id: 'true', name: 'touristTax.active.true' },
  { id: 'false', name: 'touristTax.active.false' },
];

export const importFormatChoices = [
  { id: 'xlsx', name: 'touristTax.import.formats.xlsx' },
  { id: 'csv', name: 'touristTax.import.formats.csv' },
  { id: 'alloggiati', name: 'touristTax.import.formats.alloggiati' },
];

export const sexChoices = [
  { id: 'M', name: 'touristTax.sex.M' },
  { id: 'F', name: 'touristTax.sex.F' },
];

export const exemptionConditionChoices = [
  { id: 'count', name: 'touristTax.exemptionCondition.count' },
  { id: 'age', name: 'touristTax.exemptionCondition.age' },
  { id: 'resident', name: 'touristTax.exemptionCondition.resident' },
  { id: 'tourLeader', name: 'touristTax.exemptionCondition.tourLeader' },
];

export const ageOnChoices = [
  { id: 'checkIn', name: 'touristTax.ageOn.checkIn' },
  { id: 'checkOut', name: 'touristTax.ageOn.checkOut' },
];

export const capModeChoices = [
  { id: 'stay', name: 'touristTax.capMode.stay' },
  { id: 'season', name: 'touristTax.capMode.season' },
];
