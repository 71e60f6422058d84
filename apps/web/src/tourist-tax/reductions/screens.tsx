import { makeRuleScreens } from '../shared/ruleScreens';
import { AgeRangeInputs } from '../shared/AgeRangeInputs';

// Reductions: euros off each reduced guest-night, or a percentage of the tax; new ones default to a percentage.
const screens = makeRuleScreens({
  typeSource: 'reductionType',
  amountSource: 'amount',
  amountHelp: 'touristTax.help.reductionAmount',
  percentageHelp: 'touristTax.help.reductionPercentage',
  defaultType: 'percentage',
  // An age range makes the reduction apply by itself to the recorded guests of that age.
  extraFields: AgeRangeInputs,
});

export const ReductionList = screens.list;
export const ReductionEdit = screens.edit;
export const ReductionCreate = screens.create;
