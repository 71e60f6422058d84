import { ChipField, ReferenceArrayField, ReferenceField, SingleFieldList, TextField, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/format';
import { Fact, FactGrid } from '../../components/Panel';
import { useCan } from '../../components/permissions';
import type { TReport } from './reportRecord';

/*
 * The phase-1 data as read-only facts (once frozen, and for suppliers). A reference is shown only
 * when the role may read that registry (a supplier does not read lots), so the page never asks the
 * API for what it would refuse.
 */
export function Phase1Facts() {
  const translate = useTranslate();
  const record = useRecordContext<TReport>();
  const [locale] = useLocaleState();
  const readsLots = useCan('lots', 'read');
  const readsOrders = useCan('orders', 'read');
  const readsAgencies = useCan('agencies', 'read');
  if (!record) return null;
  const label = (field: string) => translate(`resources.nca-reports.fields.${field}`);
  return (
    <FactGrid columns={3}>
      <Fact label={label('code')} testId="nca-code">
        {record.code}
      </Fact>
      {readsLots ? (
        <Fact label={label('lotId')}>
          <ReferenceField source="lotId" reference="lots" link={false} />
        </Fact>
      ) : null}
      {readsOrders ? (
        <Fact label={label('orderId')}>
          <ReferenceField source="orderId" reference="orders" link={false} />
        </Fact>
      ) : null}
      {readsAgencies ? (
        <Fact label={label('targetAgencyId')}>
          <ReferenceField source="targetAgencyId" reference="agencies" link={false}>
            <TextField source="businessName" />
          </ReferenceField>
        </Fact>
      ) : null}
      <Fact label={label('wbs')}>{record.wbs}</Fact>
      <Fact label={label('ambientSettingId')}>{record.ambientSettingId ? <ReferenceField source="ambientSettingId" reference="environmental-settings" link={false} /> : null}</Fact>
      <Fact label={label('ambientCategory')}>{record.ambientCategory ? translate(`environmental.ambientCategory.${record.ambientCategory}`) : null}</Fact>
      <Fact label={label('warningLevelSettingId')}>{record.warningLevelSettingId ? <ReferenceField source="warningLevelSettingId" reference="environmental-settings" link={false} /> : null}</Fact>
      <Fact label={label('systemSettingId')}>{record.systemSettingId ? <ReferenceField source="systemSettingId" reference="environmental-settings" link={false} /> : null}</Fact>
      <Fact label={label('origin')}>{record.origin ? translate(`nca.origin.${record.origin}`) : null}</Fact>
      <Fact label={label('detectorName')}>{record.detectorName}</Fact>
      <Fact label={label('twentyOneDigitsCode')}>{record.twentyOneDigitsCode}</Fact>
      <Fact label={label('documentSettingIds')}>
        {Array.isArray(record.documentSettingIds) && record.documentSettingIds.length > 0 ? (
          <ReferenceArrayField source="documentSettingIds" reference="environmental-settings">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        ) : null}
      </Fact>
      <Fact label={label('openDate')}>{record.openDate ? formatDate(record.openDate, locale) : null}</Fact>
      <Fact label={label('closingDate')}>{record.closingDate ? formatDate(record.closingDate, locale) : null}</Fact>
      <div style={{ gridColumn: '1 / -1' }}>
        <Fact label={label('description')}>{record.description}</Fact>
      </div>
    </FactGrid>
  );
}
