import { Box, Card, CardContent } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { Form, SaveButton, SelectInput, TextInput, Title, Toolbar, required, useCreate, useNotify, useTranslate } from 'react-admin';
import { errorMessageOf, fieldErrorsOf } from '../../../dataProvider/errors';
import { useReloadTranslations } from '../../../i18n/ReloadTranslations';
import { platformChoices } from './labelChoices';

type TNewLabel = { key: string; category: string; platform: 'web' | 'app'; valueIt: string; valueEn: string };

const KEY_PATTERN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_/-]+)*$/;
const validKey = (value: unknown) => (value && !KEY_PATTERN.test(String(value)) ? 'labels.invalidKey' : undefined);

/**
 * management/labels/new: one key with its Italian and English values and a category, saved as
 * one label per language. Web labels take effect at once.
 */
export function LabelCreatePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate(undefined, undefined, { returnPromise: true });
  const reloadTranslations = useReloadTranslations();

  const save = async (values: Partial<TNewLabel>) => {
    const common = { key: values.key?.trim(), category: values.category?.trim() || null, platform: values.platform ?? 'web' };
    try {
      await create('management/labels', { data: { ...common, language: 'it', value: values.valueIt } });
      await create('management/labels', { data: { ...common, language: 'en', value: values.valueEn } });
      notify('labels.created', { type: 'success' });
      if (common.platform === 'web') await reloadTranslations();
      void navigate('/management/labels');
      return undefined;
    } catch (error) {
      notify(errorMessageOf(error), { type: 'error' });
      return fieldErrorsOf(error);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 900 }}>
      <Title title={translate('labels.new')} />
      <Form onSubmit={save} defaultValues={{ platform: 'web' }}>
        <CardContent>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
            <TextInput source="key" label="resources.management/labels.fields.key" validate={[required(), validKey]} helperText="labels.keyHelp" />
            <TextInput source="category" label="resources.management/labels.fields.category" validate={required()} />
            <TextInput source="valueIt" label="labels.valueIt" validate={required()} multiline />
            <TextInput source="valueEn" label="labels.valueEn" validate={required()} multiline />
            <SelectInput source="platform" label="resources.management/labels.fields.platform" choices={platformChoices} validate={required()} />
          </Box>
        </CardContent>
        <Toolbar>
          <SaveButton />
        </Toolbar>
      </Form>
    </Card>
  );
}
