import type { ReactNode } from 'react';
import { Card, CardContent } from '@mui/material';

/** A tab's section of the report's page. */
export function RdpPanel({ children }: { children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
