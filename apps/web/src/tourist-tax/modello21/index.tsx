import SummarizeIcon from '@mui/icons-material/Summarize';
import { lazyPage } from '../../components/lazyPage';

/*
 * twentyOneModels and twentyOneModels/{twentyOneModelId} (the detail is the resource's edit route;
 * a second route name, "model info", uses the same path and page). The API collection is
 * twenty-one-models (mapped in the data provider).
 */
export const modello21 = {
  list: lazyPage(() => import('./Modello21List').then((module) => module.Modello21List)),
  edit: lazyPage(() => import('./Modello21Page').then((module) => module.Modello21Page)),
  create: lazyPage(() => import('./Modello21Create').then((module) => module.Modello21Create)),
  icon: SummarizeIcon,
  recordRepresentation: (record: { year?: number }) => `Modello 21 ${record.year ?? ''}`,
};
