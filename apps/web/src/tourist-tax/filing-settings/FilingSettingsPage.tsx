import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { Link as RouterLink } from 'react-router-dom';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { useCustomMutation, useCustomQuery, useSetCustomData } from '../../dataProvider/hooks';
import { useCan, useReachesAll } from '../../components/permissions';
import { errorText } from '../../components/serverErrors';
import { ChosenCity } from '../shared/cityInputs';
import { fieldErrorsOf } from '../../dataProvider/errors';

/*
 * filing-settings: when the comune's hoteliers get their reminders (on or off, how many days before a
 * submission or payment deadline), and whether the comune asks for the Modello 21 (a field of the
 * comune, changed on its page). A comune user sets its own comune's; an admin picks the comune.
 */

const MAX_DAYS = 60;

type TDraft = { remindersEnabled: boolean; reminderDaysAhead: string };

function daysProblem(value: string): string | null {
  if (value.trim() === '') return 'validation.required';
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= MAX_DAYS ? null : 'touristTax.filingSettings.daysRange';
}

function SettingsForm({ cityId, canEdit }: { cityId: string | undefined; canEdit: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const setCustomData = useSetCustomData();
  const { data, error, isPending } = useCustomQuery('getFilingSettings', [cityId]);
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [serverProblem, setServerProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  useEffect(() => {
    if (data) setDraft({ remindersEnabled: data.remindersEnabled, reminderDaysAhead: String(data.reminderDaysAhead) });
  }, [data]);

  const saving = useCustomMutation('updateFilingSettings', {
    onSuccess: (settings) => {
      setCustomData('getFilingSettings', [cityId], settings);
      setServerProblem(null);
      notify('touristTax.filingSettings.saved', { type: 'success' });
    },
    onError: (caught) => {
      // The data provider's errors carry the API's field problems as body.errors (path -> message).
      const fields = fieldErrorsOf(caught) ?? {};
      setServerProblem({ message: errorText(translate, caught), fields });
    },
  });

  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{errorText(translate, error)}</Alert>;
  if (!data || !draft) return null;
  const problem = daysProblem(draft.reminderDaysAhead);
  const dirty = draft.remindersEnabled !== data.remindersEnabled || draft.reminderDaysAhead.trim() !== String(data.reminderDaysAhead);
  const save = () => {
    if (problem) return;
    saving.mutate([cityId, { remindersEnabled: draft.remindersEnabled, reminderDaysAhead: Number(draft.reminderDaysAhead) }]);
  };
  const daysError = problem ?? serverProblem?.fields.reminderDaysAhead ?? null;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('touristTax.filingSettings.remindersTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('touristTax.filingSettings.remindersHelp')}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={draft.remindersEnabled}
                onChange={(event) => setDraft({ ...draft, remindersEnabled: event.target.checked })}
                disabled={!canEdit}
                slotProps={{ input: { 'data-testid': 'reminders-enabled' } as object }}
              />
            }
            label={translate('touristTax.filingSettings.remindersEnabled')}
          />
          <TextField
            label={translate('touristTax.filingSettings.reminderDaysAhead')}
            value={draft.reminderDaysAhead}
            onChange={(event) => setDraft({ ...draft, reminderDaysAhead: event.target.value })}
            type="number"
            required
            disabled={!canEdit || !draft.remindersEnabled}
            error={!!daysError}
            helperText={daysError ? translate(daysError, { _: daysError, max: MAX_DAYS }) : translate('touristTax.filingSettings.reminderDaysHelp', { max: MAX_DAYS })}
            slotProps={{ htmlInput: { min: 0, max: MAX_DAYS, step: 1, inputMode: 'numeric', 'data-testid': 'reminder-days' } }}
            sx={{ mt: 2, display: 'flex', maxWidth: 320 }}
          />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('touristTax.filingSettings.modello21Title')}
          </Typography>
          <Typography variant="body2" data-testid="modello21-required">
            {translate(data.modello21Required ? 'touristTax.filingSettings.modello21Required' : 'touristTax.filingSettings.modello21NotRequired')}
          </Typography>
          <Button component={RouterLink} to={`/cities/${data.cityId}`} size="small" sx={{ mt: 1, px: 0 }}>
            {translate('touristTax.filingSettings.changeOnComune')}
          </Button>
        </CardContent>
      </Card>
      {serverProblem ? <Alert severity="error">{serverProblem.message}</Alert> : null}
      {canEdit ? (
        <Box>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={!dirty || saving.isPending} data-testid="filing-settings-save">
            {translate('ra.action.save')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

export function FilingSettingsPage() {
  const translate = useTranslate();
  const canEdit = useCan('filing-settings', 'update');
  const reachesAll = useReachesAll('filing-settings', 'read');
  return (
    <Box sx={{ p: 2 }}>
      <Title title="menu.filingSettings" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('menu.filingSettings')}
      </Typography>
      {reachesAll ? <ChosenCity testId="filing-settings-city">{(cityId) => <SettingsForm cityId={cityId} canEdit={canEdit} />}</ChosenCity> : <SettingsForm cityId={undefined} canEdit={canEdit} />}
    </Box>
  );
}
