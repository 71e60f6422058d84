import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import LockIcon from '@mui/icons-material/Lock';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

function StatusCard({ icon, title, text, testId }: { icon: ReactNode; title: string; text: string; testId: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6, px: 2 }} data-testid={testId}>
      <Title title={title} />
      <Card sx={{ maxWidth: 520, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ py: 5 }}>
          <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 64 } }}>{icon}</Box>
          <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            {text}
          </Typography>
          <Button component={Link} to="/" variant="contained">
            {translate('layout.goHome')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

export function NotFoundPage() {
  const translate = useTranslate();
  return <StatusCard icon={<SearchOffIcon />} title={translate('layout.notFound.title')} text={translate('layout.notFound.text')} testId="not-found" />;
}

export function ForbiddenPage() {
  const translate = useTranslate();
  return <StatusCard icon={<LockIcon />} title={translate('layout.forbidden.title')} text={translate('layout.forbidden.text')} testId="forbidden" />;
}
