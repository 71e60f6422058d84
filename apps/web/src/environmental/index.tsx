import AssignmentIcon from '@mui/icons-material/Assignment';
import BiotechIcon from '@mui/icons-material/Biotech';
import BusinessIcon from '@mui/icons-material/Business';
import ScienceIcon from '@mui/icons-material/Science';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import TuneIcon from '@mui/icons-material/Tune';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import BuildIcon from '@mui/icons-material/Build';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { lazyPage } from '../components/lazyPage';

/* The environmental-compliance resources and pages of the web app. */

export const lots = {
  list: lazyPage(() => import('./lots/screens').then((m) => m.LotList)),
  edit: lazyPage(() => import('./lots/screens').then((m) => m.LotEdit)),
  create: lazyPage(() => import('./lots/screens').then((m) => m.LotCreate)),
  icon: ViewModuleIcon,
  recordRepresentation: 'name',
};
export const orders = {
  list: lazyPage(() => import('./orders/screens').then((m) => m.OrderList)),
  edit: lazyPage(() => import('./orders/screens').then((m) => m.OrderEdit)),
  create: lazyPage(() => import('./orders/screens').then((m) => m.OrderCreate)),
  icon: AssignmentIcon,
  recordRepresentation: 'name',
};
export const agencies = {
  list: lazyPage(() => import('./agencies/screens').then((m) => m.AgencyList)),
  edit: lazyPage(() => import('./agencies/screens').then((m) => m.AgencyEdit)),
  create: lazyPage(() => import('./agencies/screens').then((m) => m.AgencyCreate)),
  icon: BusinessIcon,
  recordRepresentation: 'businessName',
};
export const laboratories = {
  list: lazyPage(() => import('./laboratories/screens').then((m) => m.LaboratoryList)),
  edit: lazyPage(() => import('./laboratories/screens').then((m) => m.LaboratoryEdit)),
  create: lazyPage(() => import('./laboratories/screens').then((m) => m.LaboratoryCreate)),
  icon: ScienceIcon,
  recordRepresentation: 'businessName',
};
export const contracts = {
  list: lazyPage(() => import('./contracts/screens').then((m) => m.ContractList)),
  edit: lazyPage(() => import('./contracts/screens').then((m) => m.ContractEdit)),
  create: lazyPage(() => import('./contracts/screens').then((m) => m.ContractCreate)),
  icon: ReceiptLongIcon,
  recordRepresentation: 'articleName',
};
export const rdps = {
  list: lazyPage(() => import('./rdps/RdpList').then((m) => m.RdpList)),
  edit: lazyPage(() => import('./rdps/RdpEdit').then((m) => m.RdpEdit)),
  create: lazyPage(() => import('./rdps/RdpCreate').then((m) => m.RdpCreate)),
  icon: BiotechIcon,
  recordRepresentation: 'code',
};
export const forms = {
  list: lazyPage(() => import('./forms/FormList').then((m) => m.FormList)),
  edit: lazyPage(() => import('./forms/FormEdit').then((m) => m.FormEdit)),
  create: lazyPage(() => import('./forms/FormCreate').then((m) => m.FormCreate)),
  icon: LocalShippingIcon,
  recordRepresentation: 'code',
};
export const environmentalSettings = {
  edit: lazyPage(() => import('./settings/screens').then((m) => m.SettingEdit)),
  create: lazyPage(() => import('./settings/screens').then((m) => m.SettingCreate)),
  icon: TuneIcon,
  recordRepresentation: 'name',
};
export const environmentalPages = {
  NcaSettingsPage: lazyPage(() => import('./settings/screens').then((m) => m.NcaSettingsPage)),
  LabAnalysisSettingsPage: lazyPage(() => import('./settings/screens').then((m) => m.LabAnalysisSettingsPage)),
  MyCompanyPage: lazyPage(() => import('./MyCompanyPage').then((m) => m.MyCompanyPage)),
};
/** The environmental part of the dashboard page (apps/web/src/dashboard). */
export const environmentalDashboard = {
  // A dashboard shows no list: it starts without react-admin's lists (components/listParts.ts).
  EnvironmentalDashboard: lazyPage(() => import('./dashboard/EnvironmentalDashboard').then((m) => m.EnvironmentalDashboard), { lists: false }),
};
export const ncaReports = {
  list: lazyPage(() => import('./nca/screens').then((m) => m.ReportList)),
  edit: lazyPage(() => import('./nca/ReportPage').then((m) => m.ReportEdit)),
  create: lazyPage(() => import('./nca/screens').then((m) => m.ReportCreate)),
  icon: ReportProblemIcon,
  recordRepresentation: (record: { code?: string | null }) => record.code ?? '—',
};
export const correctiveActions = {
  list: lazyPage(() => import('./corrective-actions/screens').then((m) => m.ActionList)),
  edit: lazyPage(() => import('./corrective-actions/screens').then((m) => m.ActionEdit)),
  create: lazyPage(() => import('./corrective-actions/screens').then((m) => m.ActionCreate)),
  icon: BuildIcon,
  recordRepresentation: 'name',
};
export const ncaPages = {
  MySignaturesPage: lazyPage(() => import('./signatures/MySignaturesPage').then((m) => m.MySignaturesPage)),
};
/** The sign requests of every report (the consortium's and the administrators' list), with bulk reminders. */
export const signRequests = {
  list: lazyPage(() => import('./sign-requests/screens').then((m) => m.SignRequestList)),
  show: lazyPage(() => import('./sign-requests/screens').then((m) => m.SignRequestShow)),
  icon: HistoryEduIcon,
  recordRepresentation: 'signerName',
};
