import type { ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';

export type TFlexProps = {
  children?: ReactNode;
  direction?: 'row' | 'column';
  gap?: number;
  align?: 'flex-start' | 'center' | 'flex-end' | 'stretch' | 'baseline';
  justify?: 'flex-start' | 'center' | 'flex-end' | 'space-between' | 'space-around';
  wrap?: boolean;
  sx?: SxProps<Theme>;
};

/** Flexbox with the theme's spacing unit for the gap. */
export function Flex({ children, direction = 'row', gap = 1, align = 'center', justify = 'flex-start', wrap = false, sx }: TFlexProps) {
  return <Box sx={{ display: 'flex', flexDirection: direction, gap, alignItems: align, justifyContent: justify, flexWrap: wrap ? 'wrap' : 'nowrap', ...sx }}>{children}</Box>;
}
