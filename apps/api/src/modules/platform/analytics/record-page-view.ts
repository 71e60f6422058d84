import { pageViews } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import { isFeatureOn } from '../settings/features.ts';

export type TPageView = { pageName?: string | null; fullPath: string; path: string };

/**
 * Stores one page view when the `analytics` feature is on; otherwise stores nothing and says so
 * (null). Page views carry no personal data beyond the signed-in user's id.
 */
export async function recordPageView(db: TDbOrTx, userId: string | null, view: TPageView): Promise<{ id: string } | null> {
  if (!(await isFeatureOn(db, 'analytics'))) return null;
  const [row] = await db
    .insert(pageViews)
    .values({ userId, pageName: view.pageName ?? null, fullPath: view.fullPath, path: view.path })
    .returning({ id: pageViews.id });
  return row;
}
