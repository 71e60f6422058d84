import FolderIcon from '@mui/icons-material/Folder';
import { lazyPage } from '../../components/lazyPage';

/* documentation-area (API collection `documents`, mapped in the data provider): one page, list and upload. */
export const documentationArea = {
  list: lazyPage(() => import('./DocumentationAreaPage').then((module) => module.DocumentationAreaPage)),
  icon: FolderIcon,
  recordRepresentation: 'title',
};
