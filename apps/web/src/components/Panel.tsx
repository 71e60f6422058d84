import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';

/** An outlined card with a title row (and an optional action at its end). */
export function Panel({
  title,
  children,
  action,
  testId,
  headingComponent = 'h3',
  fillHeight = false,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
  /** The heading level of the title: h3 inside a record's page, h2 for the sections of a page. */
  headingComponent?: 'h2' | 'h3';
  /** Stretch to the grid row's height (cards side by side). */
  fillHeight?: boolean;
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={fillHeight ? { height: '100%' } : undefined}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
          <Typography variant="subtitle1" component={headingComponent} sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** A label and its value, in a grid of facts. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Typography>
    </Box>
  );
}

export function FactGrid({ children, columns = 4 }: { children: ReactNode; columns?: number }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${columns}, 1fr)` }, gap: 2 }}>{children}</Box>;
}
