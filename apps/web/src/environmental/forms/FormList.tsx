import { CreateButton, DataTable, List, ReferenceField, useLocaleState, useTranslate } from 'react-admin';
import { findEerCode } from '@app/domain/environmental/waste/eer';
import { DownloadButton } from '../../components/DownloadButton';
import { useBulkActionButtons } from '../../components/BulkActions';
import { formatDate } from '../../i18n/format';
import { useCan, useCanHere } from '../../components/permissions';
import { eerLabel } from './EerCodeInput';
import { FormStatusChip, type TFormWebRecord } from './FormReview';
import { F } from './formLabels';
import { FormTotals } from './FormTotals';
import { FormRegisterButton } from './FormRegisterButton';
import { filterQuery, useFormFilters } from './listFilters';
import { formatQuantity } from './formatQuantity';
import { useListFilterValues } from '../../components/records';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';

/* Waste forms (FIR): the list with its filters, totals and export. */

function FormListActions() {
  const filterValues = useListFilterValues();
  const canCreate = useCanHere('create');
  const canExport = useCan('forms', 'export');
  const canRegister = useCan('forms', 'register');
  return (
    <ListToolbar>
      {canExport ? <DownloadButton path="/forms/export.xlsx" query={filterQuery(filterValues)} fileName="formulari.xlsx" label="forms.export" testId="forms-export" /> : null}
      {canRegister ? <FormRegisterButton /> : null}
      {canCreate ? <CreateButton /> : null}
    </ListToolbar>
  );
}

export function FormList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filters = useFormFilters();
  const bulkActionButtons = useBulkActionButtons('forms', { exportPath: useCan('forms', 'export') ? '/forms/export.xlsx' : undefined, exportFilterQuery: filterQuery });
  return (
    <List filters={filters} sort={{ field: 'referencePeriodFrom', order: 'DESC' }} actions={<FormListActions />}>
      <FormTotals />
      <ListDataTable rowClick="edit" bulkActionButtons={bulkActionButtons}>
        <DataTable.Col source="code" label={F('code')} />
        <DataTable.Col source="rentriState" label={F('status')} render={(r: TFormWebRecord) => <FormStatusChip status={r.rentriState} />} />
        <DataTable.Col
          source="cer"
          label={F('cer')}
          render={(r: TFormWebRecord) => {
            const entry = findEerCode(r.cer);
            return <span title={entry ? eerLabel(entry, locale) : undefined}>{r.cerDisplay}</span>;
          }}
        />
        <DataTable.Col source="quantity" label={F('quantity')} align="right" render={(r: TFormWebRecord) => `${formatQuantity(r.quantity.value, locale)} ${r.quantity.unit}`} />
        <DataTable.Col
          source="referencePeriodFrom"
          label={translate('forms.period')}
          render={(r: TFormWebRecord) => `${formatDate(r.referencePeriodFrom, locale)} – ${formatDate(r.referencePeriodTo, locale)}`}
        />
        <DataTable.Col source="targetAgencyId" label={F('targetAgencyId')} disableSort>
          <ReferenceField source="targetAgencyId" reference="agencies" link={false} />
        </DataTable.Col>
        <DataTable.Col source="orderId" label={F('orderId')} disableSort>
          <ReferenceField source="orderId" reference="orders" link={false} />
        </DataTable.Col>
      </ListDataTable>
    </List>
  );
}
