import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import TranslateIcon from '@mui/icons-material/Translate';
import SecurityIcon from '@mui/icons-material/Security';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { canAccessPath } from '../../routeAccess';
import { useSession } from '../../session/useSession';

type TEntry = { path: string; title: string; text: string; icon: ReactNode };

/** management: the landing page linking to the screens this role may open. */
export function ManagementPage() {
  const translate = useTranslate();
  const role = useSession()?.user.role;
  const entries: TEntry[] = [
    { path: '/management/settings', title: 'menu.settings', text: 'management.settingsText', icon: <TuneIcon /> },
    { path: '/management/labels', title: 'menu.labels', text: 'management.labelsText', icon: <TranslateIcon /> },
    { path: '/roles', title: 'menu.rolesAndPermissions', text: 'management.rolesText', icon: <SecurityIcon /> },
  ];
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('management.title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {entries
          .filter((entry) => canAccessPath(role, entry.path))
          .map((entry) => (
            <Card key={entry.path}>
              <CardActionArea component={Link} to={entry.path} sx={{ height: '100%' }}>
                <CardContent>
                  <Box sx={{ color: 'primary.main', '& svg': { fontSize: 36 } }}>{entry.icon}</Box>
                  <Typography variant="h6" sx={{ mt: 1 }}>
                    {translate(entry.title)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(entry.text)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
      </Box>
    </Box>
  );
}
