import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { DetailForm } from '../../components/forms';

/** A phase's form on the report's page: react-admin's form, saved with the page's edit. */
export function PhaseForm({ children, testId, canDelete = false }: { children: ReactNode; testId?: string; canDelete?: boolean }) {
  return (
    <Box data-testid={testId} sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <DetailForm canSave canDelete={canDelete}>
        {children}
      </DetailForm>
    </Box>
  );
}
