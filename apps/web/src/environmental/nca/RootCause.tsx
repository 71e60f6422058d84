import { Chip, Stack, Typography } from '@mui/material';
import { ArrayInput, CheckboxGroupInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { ISHIKAWA_CATEGORIES } from '@app/domain/environmental/nca/index';
import { required } from '../../components/validators';
import type { TReport } from './reportRecord';
import { TextAddButton } from '../../components/TextAddButton';

/*
 * The structured root cause of phase 2: the 5-Why chain (each answer the cause of the previous one)
 * and the Ishikawa families, kept as data beside the free text.
 */

const ISHIKAWA_CHOICES = ISHIKAWA_CATEGORIES.map((id) => ({ id, name: `nca.capa.ishikawa.${id}` }));

/** The inputs, inside the phase-2 form. */
export function RootCauseInputs() {
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ width: '100%' }} data-testid="nca-root-cause-form">
      <ArrayInput source="fiveWhys" helperText="nca.capa.rootCause.fiveWhysHelp">
        <SimpleFormIterator addButton={<TextAddButton />} inline disableReordering getItemLabel={(index) => translate('nca.capa.rootCause.why', { n: index + 1 })} data-testid="nca-five-whys">
          <TextInput source="" label={false} validate={required} fullWidth sx={{ minWidth: { sm: 480 } }} />
        </SimpleFormIterator>
      </ArrayInput>
      <CheckboxGroupInput source="ishikawaCategories" choices={ISHIKAWA_CHOICES} row data-testid="nca-ishikawa" />
    </Stack>
  );
}

/** The read-only view. */
export function RootCauseView({ record }: { record: TReport }) {
  const translate = useTranslate();
  if (record.fiveWhys.length === 0 && record.ishikawaCategories.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('nca.capa.rootCause.noStructure')}
      </Typography>
    );
  return (
    <Stack spacing={1} data-testid="nca-root-cause">
      {record.fiveWhys.length > 0 ? (
        <>
          <Typography variant="subtitle2">{translate('nca.capa.rootCause.fiveWhys')}</Typography>
          <ol style={{ margin: 0, paddingInlineStart: 24 }}>
            {record.fiveWhys.map((why, i) => (
              <li key={i}>
                <Typography variant="body2">{why}</Typography>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {record.ishikawaCategories.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="subtitle2">{translate('nca.capa.rootCause.ishikawa')}</Typography>
          {record.ishikawaCategories.map((c) => (
            <Chip key={c} size="small" label={translate(`nca.capa.ishikawa.${c}`)} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
