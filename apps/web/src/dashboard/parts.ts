import { can, type TArea } from '@app/domain/platform/access/access-table';
import { isAreaEnabled } from '@app/domain/platform/access/routes';

/*
 * /dashboard: one part per business area the role has a dashboard in, while that area is switched
 * on. A comune or a hotelier sees the tourist-tax part, the consortium the environmental part, an
 * admin both (each under its area's title); a switched-off area's part is not there at all.
 */

/** The dashboard parts the role sees with the enabled areas, in menu order. */
export function dashboardParts(role: string | undefined, areas: readonly TArea[]): ('touristTax' | 'environmental')[] {
  return [
    ...(isAreaEnabled('dashboard', areas) && can(role, 'dashboard', 'view') ? (['touristTax'] as const) : []),
    ...(isAreaEnabled('environmental-dashboard', areas) && can(role, 'environmental-dashboard', 'view') ? (['environmental'] as const) : []),
  ];
}
