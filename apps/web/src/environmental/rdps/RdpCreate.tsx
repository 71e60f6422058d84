import { Create } from 'react-admin';
import { DetailForm, useSaveErrorNotification } from '../../components/forms';
import { getSession } from '../../session/store';
import { RdpFields, toWritable } from './RdpFields';

/** rdps/create: a new report with its analytic rows (a laboratory's own laboratory preset). */
export function RdpCreate() {
  const saveErrors = useSaveErrorNotification();
  const laboratoryId = getSession()?.user?.laboratoryId ?? undefined;
  return (
    <Create mutationOptions={saveErrors} redirect="edit" transform={toWritable}>
      <DetailForm defaultValues={{ laboratoryId, analyticData: [] }}>
        <RdpFields readOnly={false} isCreate />
      </DetailForm>
    </Create>
  );
}
