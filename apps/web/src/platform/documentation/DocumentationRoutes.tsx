import { Box, Card, CardActionArea, CardContent, ListItemButton, ListItemText, Typography } from '@mui/material';
import { ButtonList } from '../../components/ButtonList';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { NotFoundPage } from '../../layout/StatusPages';
import { ColorsPage, MeasuresPage, TypographyPage } from './ThemePages';
import { FilePage, FlexPage, GridPage, InputPage, SelectPage, SubHeaderPage } from './ComponentPages';

export const DOC_PAGES = [
  { path: 'theme/measures', key: 'documentation.pages.measures' },
  { path: 'theme/colors', key: 'documentation.pages.colors' },
  { path: 'theme/typography', key: 'documentation.pages.typography' },
  { path: 'components/flex', key: 'documentation.pages.flex' },
  { path: 'components/input', key: 'documentation.pages.input' },
  { path: 'components/file', key: 'documentation.pages.file' },
  { path: 'components/select', key: 'documentation.pages.select' },
  { path: 'components/grid', key: 'documentation.pages.grid' },
  { path: 'components/sub-header', key: 'documentation.pages.subHeader' },
] as const;

function DocumentationIndex() {
  const translate = useTranslate();
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('documentation.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {DOC_PAGES.map((page) => (
          <Card key={page.path}>
            <CardActionArea component={Link} to={`/documentation/${page.path}`}>
              <CardContent>
                <Typography variant="overline" color="text.secondary">
                  {translate(page.path.startsWith('theme') ? 'documentation.theme' : 'documentation.components')}
                </Typography>
                <Typography variant="h6">{translate(page.key)}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

/** The developer documentation (design-system showcase): documentation, documentation/theme/*, documentation/components/*. */
export function DocumentationRoutes() {
  const translate = useTranslate();
  const location = useLocation();
  return (
    <Box sx={{ display: 'flex', gap: 2, mt: 2, alignItems: 'flex-start' }}>
      <Title title={translate('documentation.title')} />
      <Card sx={{ width: 220, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
        <ButtonList dense>
          <ListItemButton component={Link} to="/documentation" selected={location.pathname === '/documentation'}>
            <ListItemText primary={translate('documentation.overview')} />
          </ListItemButton>
          {DOC_PAGES.map((page) => (
            <ListItemButton key={page.path} component={Link} to={`/documentation/${page.path}`} selected={location.pathname === `/documentation/${page.path}`}>
              <ListItemText primary={translate(page.key)} />
            </ListItemButton>
          ))}
        </ButtonList>
      </Card>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Routes>
          <Route index element={<DocumentationIndex />} />
          <Route path="theme/measures" element={<MeasuresPage />} />
          <Route path="theme/colors" element={<ColorsPage />} />
          <Route path="theme/typography" element={<TypographyPage />} />
          <Route path="components/flex" element={<FlexPage />} />
          <Route path="components/input" element={<InputPage />} />
          <Route path="components/file" element={<FilePage />} />
          <Route path="components/select" element={<SelectPage />} />
          <Route path="components/grid" element={<GridPage />} />
          <Route path="components/sub-header" element={<SubHeaderPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Box>
    </Box>
  );
}
