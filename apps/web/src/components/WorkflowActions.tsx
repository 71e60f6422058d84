import { useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField, Tooltip, type ButtonProps } from '@mui/material';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { TWorkflow } from '@app/domain/platform/workflow/define-workflow';
import { useCustomMutation } from '../dataProvider/hooks';
import { currentRole } from './permissions';
import { errorText } from './serverErrors';

/** A field of an action's dialog beyond the reason (e.g. the quantity a destination took): its value goes in the body under `name`. */
export type TWorkflowField = {
  name: string;
  /** i18n key of the label. */
  label: string;
  /** A choice list (ids with i18n keys), else free text. */
  choices?: { id: string; name: string }[];
  required?: boolean;
  defaultValue?: string;
  /** i18n key of the hint under the field. */
  helperText?: string;
  /** Checks a filled-in value: an i18n key of the problem, or null. */
  validate?: (value: string) => string | null;
  testId?: string;
};

/** How one action of a workflow looks on a screen; what it may do comes from the domain workflow. */
export type TWorkflowButton = {
  /** i18n key of the button (and of the confirm button unless `confirm.confirmLabel`). */
  label: string;
  icon?: ReactNode;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  testId?: string;
  /** i18n key of the success message. */
  done: string;
  /** The confirmation prompt before the call. */
  confirm?: { title: string; content: string; confirmLabel?: string; confirmColor?: 'primary' | 'warning' };
  /**
   * The dialog: the reason box for the actions the workflow says need one, and `fields` for any action
   * whose call needs more (an action with fields opens the dialog even without a reason).
   */
  reason?: { title?: string; intro: string; label: string; confirmTestId?: string; fields?: TWorkflowField[] };
  translateOptions?: Record<string, unknown>;
  /** The body of the call beyond the reason (e.g. `{ confirm: true }`, the comune's validation number). */
  body?: () => Record<string, unknown>;
  /** Checks the screen's own fields before the prompt opens; false stops here. */
  before?: () => boolean;
  /** Keeps the button disabled for a screen-only reason (another call running)... */
  disabled?: boolean;
  /** ...or for one the user should read (i18n key, shown as the tooltip), e.g. unsaved changes. */
  disabledReason?: string | null;
  /**
   * Tooltip (i18n key) when a guard of the workflow blocks the action, or one per refusal code. Without
   * one, the refusal code's error text (`errors.<code>`): the guard's own message is for developers and
   * API clients, in English.
   */
  blockedHint?: string | Partial<Record<string, string>>;
};

type TProps<TStatus extends string, TAction extends string, TFacts> = {
  workflow: TWorkflow<TStatus, TAction, TFacts>;
  /** The react-admin resource (the data provider maps it to the API collection). */
  resource: string;
  // NoInfer: the state comes from the workflow, so a record whose `status` holds other values is a type error.
  record: { id: string; status: NoInfer<TStatus> };
  facts: TFacts;
  /** The actions this place shows, in this order, with their look; actions not listed are not shown here. */
  buttons: Partial<Record<TAction, TWorkflowButton>>;
  onDone?: (action: TAction) => void;
};

/** The i18n key that explains a refusal to the user. */
function blockedHintOf(hint: TWorkflowButton['blockedHint'], code: string): string {
  if (typeof hint === 'string') return hint;
  return hint?.[code] ?? `errors.${code}`;
}

/**
 * The action buttons of a record: the actions the workflow offers the signed-in role from the
 * record's status (a guard that still blocks one shows it disabled with the reason), each behind its
 * confirmation prompt or reason dialog. Calls `dataProvider.transition`, then refreshes the record.
 * Renders the buttons only, so that the screen places them in its own row.
 */
export function WorkflowActions<TStatus extends string, TAction extends string, TFacts>({ workflow, resource, record, facts, buttons, onDone }: TProps<TStatus, TAction, TFacts>) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState<TAction | null>(null);
  const [reasonFor, setReasonFor] = useState<TAction | null>(null);
  const [reasonRequired, setReasonRequired] = useState(true);
  const [reason, setReason] = useState('');
  const [fieldValues, setFieldValues] = useState<Record<string, string>>({});
  const [reasonTouched, setReasonTouched] = useState(false);
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);

  const mutation = useCustomMutation('transition');
  const call = (action: TAction, extra: Record<string, unknown> = {}) =>
    mutation.mutate([resource, { id: record.id, action, data: { ...(buttons[action]!.body?.() ?? {}), ...extra } }], {
      onSuccess: () => {
        notify(buttons[action]!.done, { type: 'success' });
        setConfirming(null);
        setReasonFor(null);
        refresh();
        onDone?.(action);
      },
      onError: (error) => {
        if (reasonFor === action) setReasonProblem(errorText(translate, error));
        else notify(errorText(translate, error), { type: 'error' });
        setConfirming(null);
      },
    });

  const offered = workflow.offeredActions(record.status, facts, { role: currentRole() ?? '' });
  const shown = (Object.keys(buttons) as TAction[]).flatMap((action) => {
    const offer = offered.find((o) => o.action === action);
    return offer ? [{ ...offer, button: buttons[action]! }] : [];
  });

  const start = (action: TAction, requiresReason: boolean) => {
    const button = buttons[action]!;
    if (button.before && !button.before()) return;
    if (requiresReason || button.reason?.fields?.length) {
      setReason('');
      setReasonRequired(requiresReason);
      setFieldValues(Object.fromEntries((button.reason?.fields ?? []).map((f) => [f.name, f.defaultValue ?? ''])));
      setReasonTouched(false);
      setReasonProblem(null);
      setReasonFor(action);
    } else if (button.confirm) setConfirming(action);
    else call(action);
  };

  const busy = mutation.isPending;
  const confirmButton = confirming ? buttons[confirming] : undefined;
  const reasonButton = reasonFor ? buttons[reasonFor] : undefined;
  const missingReason = reasonRequired && reason.trim() === '';
  const fields = reasonButton?.reason?.fields ?? [];
  const fieldProblem = (field: TWorkflowField): string | null => {
    const value = (fieldValues[field.name] ?? '').trim();
    if (!value) return field.required ? 'validation.required' : null;
    return field.validate?.(value) ?? null;
  };
  const dialogBody = () => ({
    ...(reasonRequired ? { reason: reason.trim() } : {}),
    ...Object.fromEntries(fields.flatMap((f) => ((fieldValues[f.name] ?? '').trim() ? [[f.name, fieldValues[f.name].trim()]] : []))),
  });
  return (
    <>
      {shown.map(({ action, requiresReason, refusal, button }) => {
        const blocked = button.disabledReason ?? (refusal ? blockedHintOf(button.blockedHint, refusal.code) : null);
        const element = (
          <Button
            key={action}
            variant={button.variant ?? 'contained'}
            color={button.color ?? 'primary'}
            size={button.size}
            startIcon={button.icon}
            onClick={() => start(action, requiresReason)}
            disabled={busy || !!button.disabled || !!blocked}
            data-testid={button.testId}
          >
            {translate(button.label)}
          </Button>
        );
        return blocked ? (
          <Tooltip key={action} title={translate(blocked, { _: translate('errors.INVALID_TRANSITION') })}>
            <span>{element}</span>
          </Tooltip>
        ) : (
          element
        );
      })}
      <Confirm
        isOpen={confirming !== null}
        loading={busy}
        title={confirmButton?.confirm?.title ?? ''}
        content={confirmButton?.confirm?.content ?? ''}
        translateOptions={confirmButton?.translateOptions}
        confirm={confirmButton?.confirm?.confirmLabel ?? 'ra.action.confirm'}
        confirmColor={confirmButton?.confirm?.confirmColor ?? 'primary'}
        onConfirm={() => confirming && call(confirming)}
        onClose={() => setConfirming(null)}
      />
      {reasonFor && reasonButton?.reason ? (
        <Dialog open onClose={busy ? undefined : () => setReasonFor(null)} maxWidth="sm" fullWidth aria-labelledby="workflow-reason-title">
          <DialogTitle id="workflow-reason-title">{translate(reasonButton.reason.title ?? reasonButton.label)}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate(reasonButton.reason.intro)}</DialogContentText>
            {fields.map((field) => {
              const problem = reasonTouched ? fieldProblem(field) : null;
              return (
                <TextField
                  key={field.name}
                  select={!!field.choices}
                  label={translate(field.label)}
                  value={fieldValues[field.name] ?? ''}
                  onChange={(event) => setFieldValues((values) => ({ ...values, [field.name]: event.target.value }))}
                  fullWidth
                  required={field.required}
                  error={!!problem}
                  helperText={problem ? translate(problem) : field.helperText ? translate(field.helperText) : ' '}
                  data-testid={field.testId}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                >
                  {field.choices?.map((choice) => (
                    <MenuItem key={choice.id} value={choice.id}>
                      {translate(choice.name)}
                    </MenuItem>
                  ))}
                </TextField>
              );
            })}
            {reasonRequired ? (
              <TextField
                label={translate(reasonButton.reason.label)}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                multiline
                minRows={3}
                fullWidth
                required
                error={reasonTouched && missingReason}
                helperText={reasonTouched && missingReason ? translate('validation.required') : ' '}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            ) : null}
            {reasonProblem ? <Alert severity="error">{reasonProblem}</Alert> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setReasonFor(null)} disabled={busy}>
              {translate('ra.action.cancel')}
            </Button>
            <Button
              variant="contained"
              color={reasonButton.color ?? 'warning'}
              disabled={busy}
              data-testid={reasonButton.reason.confirmTestId}
              onClick={() => {
                setReasonTouched(true);
                if (!missingReason && !fields.some((f) => fieldProblem(f))) call(reasonFor, dialogBody());
              }}
            >
              {translate(reasonButton.label)}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
