import { Edit, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { DetailActions } from '../../components/forms';
import { errorText } from '../../components/serverErrors';
import { useInvalidateCustom } from '../../dataProvider/hooks';
import { Modello21Form } from './Modello21Form';
import { updatePayload, type TModello21FormValues } from './monthRows';
import type { TModello21 } from './modello21Record';
import { RecordHistoryHere } from '../../components/RecordHistory';

function Modello21Title() {
  const record = useRecordContext<TModello21>();
  const translate = useTranslate();
  return <>{`${translate('resources.twentyOneModels.name', { smart_count: 1 })} ${record?.year ?? ''}`}</>;
}

/**
 * twentyOneModels/{twentyOneModelId}, also the "model info" route (same path, same page): the
 * monthly account, the reconciliation that gates submit and print, and the comune's validation.
 * react-admin's edit: the form holds the draft, the save sends the months and the owner (only what
 * changed, with the version it was typed on) and stays on the page.
 */
export function Modello21Page() {
  const translate = useTranslate();
  const notify = useNotify();
  const invalidateCustom = useInvalidateCustom();
  return (
    <Edit
      title={<Modello21Title />}
      actions={<DetailActions />}
      mutationMode="pessimistic"
      redirect={false}
      transform={(values: TModello21FormValues) => updatePayload(values.draft.months, values.draft.owner)}
      mutationOptions={{
        onSuccess: () => {
          notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
          // The model info (deadline, what still stops it) follows the saved version.
          void invalidateCustom('modello21Info');
        },
        onError: (error) => notify(errorText(translate, error), { type: 'error' }),
      }}
    >
      <Modello21Form />
      <RecordHistoryHere section labelPrefixes={['touristTax.fields']} />
    </Edit>
  );
}
