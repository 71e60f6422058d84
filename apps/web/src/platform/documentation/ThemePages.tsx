import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SubHeader } from '../../components/SubHeader';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH, SPACING_UNIT } from '../../theme';

export function MeasuresPage() {
  const translate = useTranslate();
  const theme = useTheme();
  const steps = [0.5, 1, 2, 3, 4, 6, 8];
  return (
    <Card>
      <CardContent>
        <SubHeader title={translate('documentation.pages.measures')} subtitle={translate('documentation.measures.spacing', { unit: SPACING_UNIT })} />
        {steps.map((step) => (
          <Box key={step} sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
            <Typography sx={{ width: 120 }} variant="body2">{`spacing(${step}) = ${theme.spacing(step)}`}</Typography>
            <Box sx={{ width: theme.spacing(step), height: 16, bgcolor: 'primary.main', borderRadius: 0.5 }} />
          </Box>
        ))}
        <SubHeader title={translate('documentation.measures.breakpoints')} />
        {Object.entries(theme.breakpoints.values).map(([name, value]) => (
          <Typography key={name} variant="body2">{`${name}: ${value}px`}</Typography>
        ))}
        <SubHeader title={translate('documentation.measures.other')} />
        <Typography variant="body2">{`${translate('documentation.measures.radius')}: ${String(theme.shape.borderRadius)}px`}</Typography>
        <Typography variant="body2">{`${translate('documentation.measures.sidebar')}: ${SIDEBAR_WIDTH}px / ${SIDEBAR_CLOSED_WIDTH}px`}</Typography>
      </CardContent>
    </Card>
  );
}

export function ColorsPage() {
  const translate = useTranslate();
  const theme = useTheme();
  const names = ['primary', 'secondary', 'success', 'error', 'warning', 'info'] as const;
  return (
    <Card>
      <CardContent>
        <SubHeader title={translate('documentation.pages.colors')} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {names.map((name) => {
            const color = theme.palette[name];
            return (
              <Box key={name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
                {(['main', 'light', 'dark'] as const).map((shade) => (
                  <Box key={shade} sx={{ bgcolor: color[shade], color: color.contrastText, px: 2, py: shade === 'main' ? 3 : 1 }}>
                    <Typography variant="body2">{`${name}.${shade} ${color[shade]}`}</Typography>
                  </Box>
                ))}
              </Box>
            );
          })}
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.default' }}>
            <Typography variant="body2">{`background.default ${theme.palette.background.default}`}</Typography>
            <Typography variant="body2">{`text.primary ${theme.palette.text.primary}`}</Typography>
            <Typography variant="body2">{`text.secondary ${theme.palette.text.secondary}`}</Typography>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

export function TypographyPage() {
  const translate = useTranslate();
  const theme = useTheme();
  const variants = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'subtitle1', 'subtitle2', 'body1', 'body2', 'caption', 'overline', 'button'] as const;
  return (
    <Card>
      <CardContent>
        <SubHeader title={translate('documentation.pages.typography')} subtitle={theme.typography.fontFamily} />
        {variants.map((variant) => (
          <Box key={variant} sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mb: 1 }}>
            <Typography variant="caption" color="text.secondary" sx={{ width: 90, flexShrink: 0 }}>
              {`${variant} · ${String(theme.typography[variant].fontSize)}`}
            </Typography>
            <Typography variant={variant}>{translate('documentation.typography.sample')}</Typography>
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
