import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { enabledAreas } from '../routeAccess';
import { useAppConfig } from '../config';
import { useSession } from '../session/useSession';
import { touristTaxDashboard } from '../tourist-tax/dashboard';
import { environmentalDashboard } from '../environmental';
import { dashboardParts } from './parts';

export function DashboardPage() {
  const translate = useTranslate();
  const role = useSession()?.user.role;
  const { features } = useAppConfig();
  const parts = dashboardParts(role, enabledAreas(features));
  // With one part the page title says it all; with both, each part is titled by its area.
  const titled = parts.length > 1;
  return (
    <Box sx={{ p: 2 }}>
      <Title title="menu.dashboard" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('menu.dashboard')}
      </Typography>
      <Stack spacing={4}>
        {parts.map((part) => (
          <Box
            key={part}
            component="section"
            aria-label={titled ? undefined : translate(`menu.groups.${part}`)}
            aria-labelledby={titled ? `dashboard-part-${part}` : undefined}
            data-testid={`dashboard-part-${part}`}
          >
            {titled ? (
              <Typography id={`dashboard-part-${part}`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {translate(`menu.groups.${part}`)}
              </Typography>
            ) : null}
            {part === 'touristTax' ? <touristTaxDashboard.TouristTaxDashboard /> : <environmentalDashboard.EnvironmentalDashboard />}
          </Box>
        ))}
      </Stack>
      {parts.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/profile">
              {translate('menu.profile')}
            </Button>
          }
        >
          {translate('envDashboard.notForRole')}
        </Alert>
      ) : null}
    </Box>
  );
}
