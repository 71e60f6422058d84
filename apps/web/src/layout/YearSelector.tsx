import { InputAdornment, MenuItem, TextField } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { setYear } from '../session/store';
import { useSelectedYear, useSession } from '../session/useSession';
import { useAppConfig } from '../config';
import { enabledAreas } from '../routeAccess';
import { selectableYears, usesSelectedYear } from './years';

export function YearSelector() {
  const translate = useTranslate();
  const year = useSelectedYear();
  const refresh = useRefresh();
  const role = useSession()?.user.role;
  const { features } = useAppConfig();
  if (!usesSelectedYear(role, enabledAreas(features))) return null;
  return (
    <TextField
      select
      size="small"
      value={year}
      onChange={(event) => {
        setYear(Number(event.target.value));
        refresh();
      }}
      fullWidth={false}
      margin="none"
      variant="outlined"
      sx={{
        flex: 'none',
        width: { xs: 96, sm: 150 },
        mx: { xs: 0.5, sm: 1 },
        '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgba(255,255,255,0.12)', height: 36 },
        '& .MuiInputAdornment-root': { color: 'rgba(255,255,255,0.8)' },
        '& .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.4)' },
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start" sx={{ display: { xs: 'none', sm: 'flex' }, color: 'inherit', '& p': { color: 'inherit' } }}>
              {translate('layout.year')}
            </InputAdornment>
          ),
        },
        htmlInput: { 'data-testid': 'year-selector', 'aria-label': translate('layout.year') },
      }}
    >
      {selectableYears().map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}
