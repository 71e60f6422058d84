import { FormDataConsumer, NumberInput } from 'react-admin';
import { makeRuleScreens } from '../shared/ruleScreens';
import { validEuros } from '../../components/validators';

/** Percentage tariffs may cap the tax per person per night (e.g. 5% of the price, at most 5.00 euros). */
function MaxPerPersonNightInput({ readOnly }: { readOnly: boolean }) {
  return (
    <FormDataConsumer>
      {({ formData }) =>
        formData.type === 'percentage' ? (
          <NumberInput
            source="maxPerPersonNight"
            step={0.01}
            min={0}
            validate={validEuros}
            parse={(v: string) => (v === '' || v === null ? null : Number(v))}
            helperText="touristTax.help.maxPerPersonNight"
            readOnly={readOnly}
          />
        ) : null
      }
    </FormDataConsumer>
  );
}

/**
 * The API takes a percentage tariff's rate in nightlyPrice (the spec's field) or in percentage and
 * refuses two different values: the form sends only the field of the chosen type.
 */
function tariffPayload(data: Record<string, unknown>): Record<string, unknown> {
  const { nightlyPrice, percentage, maxPerPersonNight, ...rest } = data;
  return data.type === 'percentage' ? { ...rest, percentage, maxPerPersonNight: maxPerPersonNight ?? null } : { ...rest, nightlyPrice, maxPerPersonNight: null };
}

// Tariffs: euros per paying guest per night, or a percentage of the stay price.
const screens = makeRuleScreens({
  typeSource: 'type',
  amountSource: 'nightlyPrice',
  amountHelp: 'touristTax.help.nightlyPrice',
  percentageHelp: 'touristTax.help.tariffPercentage',
  defaultType: 'flat',
  extraFields: MaxPerPersonNightInput,
  transform: tariffPayload,
});

export const TariffList = screens.list;
export const TariffEdit = screens.edit;
export const TariffCreate = screens.create;
