import { useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Chip, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { ButtonList } from '../../components/ButtonList';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import type { THotelierDashboard } from '../../dataProvider/filings';
import { formatDate } from '../../i18n/format';

/*
 * The hotelier's to-do, grouped by what there is to do (fix what the comune sent back, pay, submit,
 * fill in, Modello 21) instead of one row and one red chip per period: each group says how many items
 * it holds and how many are late, and the groups come in the order of what to do first.
 */

type TToDoItem = THotelierDashboard['toDo'][number];
type TAction = TToDoItem['action'];

export const TODO_LINKS: Record<TAction, (item: TToDoItem) => string> = {
  create: (item) => `/declarations/create?source=${encodeURIComponent(JSON.stringify({ structureId: item.structureId, declarationTemplateId: item.declarationTemplateId }))}`,
  submit: (item) => `/declarations/${item.declarationId}`,
  fix_returned: (item) => `/declarations/${item.declarationId}`,
  pay: (item) => `/declarations/${item.declarationId}`,
  modello21: (item) =>
    item.twentyOneModelId ? `/twentyOneModels/${item.twentyOneModelId}` : `/twentyOneModels/create?source=${encodeURIComponent(JSON.stringify({ structureId: item.structureId, year: item.year }))}`,
};

// A declaration the comune sent back waits on the hotelier alone; then money owed, then filings.
const ACTION_ORDER: readonly TAction[] = ['fix_returned', 'pay', 'submit', 'create', 'modello21'];

export type TToDoGroup = { action: TAction; items: TToDoItem[]; late: number };

/** Groups by action: the groups with late items first, each part in the order of ACTION_ORDER. */
export function groupToDo(items: readonly TToDoItem[]): TToDoGroup[] {
  const groups = ACTION_ORDER.map((action) => {
    const of = items.filter((item) => item.action === action);
    return { action, items: of, late: of.filter((item) => item.overdue).length };
  }).filter((group) => group.items.length > 0);
  return [...groups.filter((group) => group.late > 0), ...groups.filter((group) => group.late === 0)];
}

function ItemRow({ item }: { item: TToDoItem }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const due = item.dueDate ?? item.deadline;
  const what = item.action === 'modello21' ? String(item.year ?? '') : (item.periodName ?? '');
  return (
    <ListItemButton component={RouterLink} to={TODO_LINKS[item.action](item)} divider data-testid="todo-item">
      <ListItemText
        primary={`${item.structureName} · ${what}`}
        secondary={
          <>
            {due ? (
              <Box component="span" sx={{ color: item.overdue ? 'error.main' : undefined, fontWeight: item.overdue ? 600 : undefined }}>
                {translate(item.overdue ? 'filings.dashboard.lateSince' : 'filings.dashboard.dueBy', { date: formatDate(due, locale) })}
              </Box>
            ) : null}
            {item.reason ? ` · ${translate('filings.declarations.returnedBecause', { reason: item.reason })}` : null}
          </>
        }
      />
      {item.submittedLate ? <Chip size="small" variant="outlined" color="warning" label={translate('filings.declarations.submittedLate')} data-testid="todo-submitted-late" /> : null}
    </ListItemButton>
  );
}

function GroupSummary({ group }: { group: TToDoGroup }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, width: '100%' }}>
      <Typography component="h3" variant="subtitle2" sx={{ flexGrow: 1, fontWeight: 600 }}>
        {translate(`filings.dashboard.groups.${group.action}`, { smart_count: group.items.length })}
      </Typography>
      {group.late > 0 ? (
        <Chip size="small" color="error" icon={<ScheduleIcon />} label={translate('filings.dashboard.lateCount', { smart_count: group.late })} data-testid={`todo-late-${group.action}`} />
      ) : (
        <Chip size="small" variant="outlined" label={translate('filings.dashboard.onTime')} />
      )}
    </Stack>
  );
}

/** The to-do groups; the first one opens by itself (it is what to do first). */
export function HotelierToDo({ items }: { items: readonly TToDoItem[] }) {
  const translate = useTranslate();
  const groups = groupToDo(items);
  const [open, setOpen] = useState<TAction | null>(groups[0]?.action ?? null);
  if (groups.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('filings.dashboard.allDone')}
      </Typography>
    );
  return (
    <Box>
      {groups.map((group) => (
        <Accordion
          key={group.action}
          disableGutters
          variant="outlined"
          expanded={open === group.action}
          onChange={(_event, expanded) => setOpen(expanded ? group.action : null)}
          data-testid={`todo-group-${group.action}`}
          slotProps={{ transition: { unmountOnExit: true } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <GroupSummary group={group} />
          </AccordionSummary>
          <AccordionDetails sx={{ p: 0 }}>
            <ButtonList dense disablePadding>
              {group.items.map((item, index) => (
                <ItemRow key={`${item.structureId}-${item.declarationTemplateId ?? item.year}-${index}`} item={item} />
              ))}
            </ButtonList>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
