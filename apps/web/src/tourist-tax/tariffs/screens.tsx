import { makeRuleScreens } from '../shared/ruleScreens';

// Tariffs: euros per paying guest per night, or a percentage of the stay price.
const screens = makeRuleScreens({
  typeSource: 'type',
  amountSource: 'nightlyPrice',
  amountHelp: 'touristTax.help.nightlyPrice',
  percentageHelp: 'touristTax.help.tariffPercentage',
  defaultType: 'flat',
});

export const TariffList = screens.list;
export const TariffEdit = screens.edit;
export const TariffCreate = screens.create;
