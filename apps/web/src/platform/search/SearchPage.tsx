import { useEffect, useState } from 'react';
import { Box, Card, CardContent, CircularProgress, InputAdornment, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router-dom';
import { Title, useNotify, useResourceDefinitions, useTranslate } from 'react-admin';
import { searchTenants } from '../../dataProvider/api';
import { errorMessageOf } from '../../dataProvider/errors';

export const MIN_SEARCH_LETTERS = 3;
const DEBOUNCE_MS = 300;

type TTab = 'hoteliers' | 'municipalities';

/** Admin multi-tenant search: Hoteliers and Municipalities tabs, from three letters on. */
export function SearchPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const resources = useResourceDefinitions();
  const [tab, setTab] = useState<TTab>('hoteliers');
  const [text, setText] = useState('');
  const [results, setResults] = useState<Record<string, unknown>[] | null>(null);
  const [loading, setLoading] = useState(false);
  const query = text.trim();
  const longEnough = query.length >= MIN_SEARCH_LETTERS;

  useEffect(() => {
    if (!longEnough) {
      setResults(null);
      return;
    }
    let cancelled = false;
    const timer = window.setTimeout(() => {
      setLoading(true);
      searchTenants(tab, query)
        .then((rows) => !cancelled && setResults(rows))
        .catch((error) => !cancelled && notify(errorMessageOf(error), { type: 'error' }))
        .finally(() => !cancelled && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [tab, query, longEnough, notify]);

  const columns = tab === 'hoteliers' ? ['name', 'surname', 'email', 'commercialName'] : ['name', 'email', 'phone'];
  const openRow = (row: Record<string, unknown>) => {
    const id = String(row._id ?? row.id ?? '');
    if (tab === 'hoteliers') void navigate(`/users/${id}`);
    else if (resources.cities) void navigate(`/cities/${id}`);
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title={translate('search.title')} />
      <Card>
        <Tabs value={tab} onChange={(_event, value: TTab) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
          <Tab value="hoteliers" label={translate('search.tabs.hoteliers')} />
          <Tab value="municipalities" label={translate('search.tabs.municipalities')} />
        </Tabs>
        <CardContent>
          <TextField
            fullWidth
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={translate('search.placeholder')}
            helperText={longEnough ? ' ' : translate('validation.minSearchLetters', { min: MIN_SEARCH_LETTERS })}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
              // No visible label: the placeholder alone is not a name (axe label-title-only).
              htmlInput: { 'data-testid': 'search-input', 'aria-label': translate('search.placeholder') },
            }}
          />
          {loading ? <CircularProgress size={24} sx={{ mt: 2 }} /> : null}
          {results && !loading ? (
            results.length === 0 ? (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                {translate('search.noResults')}
              </Typography>
            ) : (
              <Table size="small" sx={{ mt: 2 }} data-testid="search-results">
                <TableHead>
                  <TableRow>
                    {columns.map((column) => (
                      <TableCell key={column}>{translate(`search.columns.${column}`)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {results.map((row, index) => (
                    <TableRow key={String(row._id ?? index)} hover onClick={() => openRow(row)} sx={{ cursor: tab === 'hoteliers' || resources.cities ? 'pointer' : 'default' }}>
                      {columns.map((column) => (
                        <TableCell key={column}>{row[column] == null ? '' : String(row[column])}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
