import { useCallback, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import {
  DeleteWithConfirmButton,
  FunctionField,
  ListButton,
  SaveButton,
  SimpleForm,
  TabbedForm,
  Toolbar,
  TopToolbar,
  useLocaleState,
  useNotify,
  useRecordContext,
  useResourceContext,
  useSaveContext,
  useTranslate,
  type SimpleFormProps,
  type TabbedFormProps,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import { formatDate } from '../i18n/format';
import { formatEuros, formatPercent } from './format';
import { errorParams, translatableFieldErrors } from './serverErrors';
import { errorMessageOf } from '../dataProvider/errors';
import { ReadableRecord } from './ReadableRecord';

const MISSING = '\u0000missing';

/** True when the active language has this key (polyglot answers the `_` default otherwise). */
export function useHasTranslation() {
  const translate = useTranslate();
  return useCallback((key: string) => translate(key, { _: MISSING }) !== MISSING, [translate]);
}

/**
 * The save of the surrounding Create/Edit, with the API's field errors (VALIDATION_FAILED details)
 * returned to the form so they show under their fields, in the active language when we can.
 */
function useFieldErrorSave() {
  const { save } = useSaveContext();
  const hasKey = useHasTranslation();
  return useCallback(
    async (values: Record<string, unknown>) => {
      const errors: unknown = await save?.(values);
      return translatableFieldErrors(errors as Record<string, unknown> | undefined, hasKey) ?? undefined;
    },
    [save, hasKey],
  );
}

/**
 * Save errors as a notification in the active language: the API code's message (errors.<CODE>,
 * e.g. TARIFF_CONFLICT), also when the details went under the fields, where react-admin alone
 * would only say that the form is not valid.
 */
export function useSaveErrorNotification() {
  const notify = useNotify();
  return {
    onError: (error: unknown) => {
      const message = errorMessageOf(error);
      notify(message, { type: 'error', messageArgs: { _: message, ...errorParams(error) } });
    },
  };
}

type TToolbarOptions = { canSave: boolean; canDelete: boolean };

function DetailToolbar({ canSave, canDelete }: TToolbarOptions) {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      {canSave ? <SaveButton /> : <span />}
      {canDelete && record ? <DeleteWithConfirmButton mutationMode="pessimistic" /> : null}
    </Toolbar>
  );
}

/**
 * A SimpleForm that shows server field errors; without canSave it is a read-only detail (no save
 * button) that reads as labels and values (ReadableRecord), not as a greyed-out form.
 */
export function DetailForm({ canSave = true, canDelete = false, children, ...rest }: Omit<SimpleFormProps, 'onSubmit'> & Partial<TToolbarOptions>) {
  const onSubmit = useFieldErrorSave();
  return (
    <ReadableRecord readOnly={!canSave}>
      <SimpleForm
        // Our validators show translated messages; the browser's own (step, min) would pre-empt them.
        noValidate
        {...rest}
        onSubmit={onSubmit as never}
        toolbar={canSave || canDelete ? <DetailToolbar canSave={canSave} canDelete={canDelete} /> : false}
      >
        {children}
      </SimpleForm>
    </ReadableRecord>
  );
}

/** The form's Save/Delete bar, left out on the tabs that only show related records (nothing there is saved by it). */
function TabbedDetailToolbar({ readOnlyTabs, ...options }: TToolbarOptions & { readOnlyTabs: string[] }) {
  const { pathname } = useLocation();
  if (readOnlyTabs.some((path) => pathname.endsWith(`/${path}`))) return null;
  return <DetailToolbar {...options} />;
}

/**
 * A TabbedForm that shows server field errors; without canSave and canDelete it has no toolbar, and
 * without canSave it reads as labels and values (ReadableRecord).
 * `readOnlyTabs` names the paths of the tabs that list related records (a structure's declarations):
 * they get no Save/Delete bar.
 */
export function DetailTabbedForm({
  canSave = true,
  canDelete = false,
  readOnlyTabs = [],
  children,
  ...rest
}: Omit<TabbedFormProps, 'onSubmit'> & Partial<TToolbarOptions> & { readOnlyTabs?: string[] }) {
  const onSubmit = useFieldErrorSave();
  return (
    <ReadableRecord readOnly={!canSave}>
      <TabbedForm
        noValidate
        {...rest}
        onSubmit={onSubmit as never}
        toolbar={canSave || canDelete ? <TabbedDetailToolbar canSave={canSave} canDelete={canDelete} readOnlyTabs={readOnlyTabs} /> : false}
      >
        {children}
      </TabbedForm>
    </ReadableRecord>
  );
}

export function DetailActions({ children }: { children?: ReactNode }) {
  return (
    <TopToolbar>
      {children}
      <ListButton />
    </TopToolbar>
  );
}

/** "<Resource name>: <record name>" for detail pages. */
export function RecordTitle({ source = 'name' }: { source?: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const name = translate(`resources.${resource}.name`, { smart_count: 1 });
  if (!record) return <>{name}</>;
  return <>{`${name}: ${String(record[source] ?? '')}`}</>;
}

/** Two-column grid for form inputs; children may span both with `sx={{ gridColumn: '1 / -1' }}`. */
export function FormGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, 1fr)` },
        columnGap: 2,
        width: '100%',
        maxWidth: columns === 3 ? 1200 : 960,
        '& > *': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}

/** A line of explanation above a form (what this create page does). */
export function FormIntro({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {translate(text)}
      </Typography>
    </Box>
  );
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2, mb: 1, gridColumn: '1 / -1' }}>
      {children}
    </Typography>
  );
}

/** A 'YYYY-MM-DD' date shown in the active locale (no time-zone shift). */
export function DayField({ source }: { source: string }) {
  const [locale] = useLocaleState();
  return <FunctionField source={source} render={(record: Record<string, unknown>) => formatDate(record[source] as string | null, locale)} />;
}

/** A euro amount (API number) formatted with Intl in the active locale. */
export function EurosField({ source }: { source: string }) {
  const [locale] = useLocaleState();
  return <FunctionField source={source} textAlign="right" render={(record: Record<string, unknown>) => formatEuros(record[source] as number | null, locale)} />;
}

export function PercentField({ source }: { source: string }) {
  const [locale] = useLocaleState();
  return <FunctionField source={source} render={(record: Record<string, unknown>) => formatPercent(record[source] as number | null, locale)} />;
}

/** Empty inputs of optional fields go to the API as null (the schemas accept null, not ''). */
export const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
