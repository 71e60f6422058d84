import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A section header inside a page: title, optional subtitle, actions on the right. */
export function SubHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, borderBottom: 1, borderColor: 'divider', pb: 1, mb: 2 }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions}
    </Box>
  );
}
