import { AutocompleteInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { DateInput } from '../../components/DateInput';
import { useCan, useReachesAll } from '../../components/permissions';
import { FORM_STATUSES } from '@app/domain/environmental/waste/form-schemas';
import { F, choices } from './formLabels';

/* The list's filters, and the same filters as the query of the totals and the export. */

const FILTER_KEYS = ['rentriState', 'lotId', 'orderId', 'targetAgencyId', 'cer', 'periodFrom', 'periodTo'] as const;
export const filterQuery = (filterValues: Record<string, unknown>) =>
  Object.fromEntries(FILTER_KEYS.filter((k) => filterValues[k] !== undefined && filterValues[k] !== '' && filterValues[k] !== null).map((k) => [k, String(filterValues[k])]));

export function useFormFilters() {
  const canPickAgency = useReachesAll('forms', 'list');
  // Lots are the consortium's registry: a supplier filters by its orders.
  const canPickLot = useCan('lots', 'list');
  return [
    <SelectInput key="rentriState" source="rentriState" label={F('status')} choices={choices([...FORM_STATUSES], 'forms.status')} alwaysOn />,
    ...(canPickLot
      ? [
          <ReferenceInput key="lotId" source="lotId" reference="lots" alwaysOn>
            <AutocompleteInput optionText="name" label={F('lotId')} />
          </ReferenceInput>,
        ]
      : []),
    <ReferenceInput key="orderId" source="orderId" reference="orders" alwaysOn>
      <AutocompleteInput optionText="name" label={F('orderId')} />
    </ReferenceInput>,
    ...(canPickAgency
      ? [
          <ReferenceInput key="targetAgencyId" source="targetAgencyId" reference="agencies" alwaysOn>
            <AutocompleteInput optionText="businessName" label={F('targetAgencyId')} />
          </ReferenceInput>,
        ]
      : []),
    <TextInput key="cer" source="cer" label={F('cer')} parse={(v: string) => v.replace(/\D/g, '')} />,
    <DateInput key="periodFrom" source="periodFrom" label={F('periodFrom')} alwaysOn />,
    <DateInput key="periodTo" source="periodTo" label={F('periodTo')} alwaysOn />,
  ];
}
