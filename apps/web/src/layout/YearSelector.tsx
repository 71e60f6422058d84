import { MenuItem, TextField } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { setYear } from '../session/store';
import { useSelectedYear } from '../session/useSession';
import { selectableYears } from './years';

export function YearSelector() {
  const translate = useTranslate();
  const year = useSelectedYear();
  const refresh = useRefresh();
  return (
    <TextField
      select
      size="small"
      value={year}
      label={translate('layout.year')}
      onChange={(event) => {
        setYear(Number(event.target.value));
        refresh();
      }}
      sx={{
        minWidth: 96,
        mx: 1,
        '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgba(255,255,255,0.12)' },
        '& .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.4)' },
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'year-selector' } }}
    >
      {selectableYears().map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}
