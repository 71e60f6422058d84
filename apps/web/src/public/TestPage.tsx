import { Card, CardContent, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { environmentLabel, useAppConfig } from '../config';
import { PublicLayout } from './PublicLayout';

/** A public check page: what this build is (the feature flags are the administrators' business, not listed here). */
export function TestPage() {
  const translate = useTranslate();
  const config = useAppConfig();
  const [locale] = useLocaleState();
  const rows: [string, string][] = [
    [translate('publicSite.test.version'), config.version],
    [translate('publicSite.test.buildType'), config.buildType],
    [translate('publicSite.test.environment'), `${environmentLabel(config, window.location.origin)} (${config.environment})`],
    [translate('publicSite.test.language'), locale],
  ];
  return (
    <PublicLayout>
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('publicSite.test.title')}
          </Typography>
          <Table size="small">
            <TableBody>
              {rows.map(([name, value]) => (
                <TableRow key={name}>
                  <TableCell component="th">{name}</TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
