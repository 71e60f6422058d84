import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PublicLayout } from './PublicLayout';

/** How a user deletes their own account (linked from app stores and the public footer). */
export function DeleteUserPage() {
  const translate = useTranslate();
  const steps = ['step1', 'step2', 'step3', 'step4'];
  return (
    <PublicLayout>
      <Card>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {translate('publicSite.deleteUser.title')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{translate('publicSite.deleteUser.intro')}</Typography>
          <List component="ol" sx={{ listStyle: 'decimal', pl: 3 }}>
            {steps.map((step) => (
              <ListItem key={step} sx={{ display: 'list-item', py: 0.5 }}>
                <ListItemText primary={translate(`publicSite.deleteUser.${step}`)} />
              </ListItem>
            ))}
          </List>
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {translate('publicSite.deleteUser.whatHappens')}
          </Typography>
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
