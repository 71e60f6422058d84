import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bulkAccessOf } from '@app/domain/platform/access/bulk-actions';
import { registerCollection, type TCollectionRuntime } from '../../../lib/collection/routes.ts';
import { staysCollection } from './stays.ts';

/** A stay marked not paid needs the reason the guest did not pay, as its form does. */
const ZNotPaidInput = z.object({ reason: z.string().trim().min(1, 'validation.required').max(1000) });

/**
 * The stays collection, with its bulk actions: marking stays paid or not paid is the same update as
 * the stay form's (PUT): a declared stay is refused (STAY_DECLARED) and its tax is recomputed.
 */
export function registerStayCollection(app: FastifyInstance): TCollectionRuntime {
  const runtime: TCollectionRuntime = registerCollection(app, staysCollection, {
    bulk: {
      actions: {
        markPaid: {
          access: bulkAccessOf('stays', 'markPaid'),
          summary: 'the guest paid the tax (as PUT /{id} with paymentStatus paid)',
          run: (ctx, id) => runtime.update(ctx, id, { paymentStatus: 'paid', noPaymentReason: null }),
        },
        markNotPaid: {
          access: bulkAccessOf('stays', 'markNotPaid'),
          summary: 'the guest did not pay, input `{ reason }` (as PUT /{id} with paymentStatus not_paid and noPaymentReason)',
          input: ZNotPaidInput,
          run: (ctx, id, input) => runtime.update(ctx, id, { paymentStatus: 'not_paid', noPaymentReason: ZNotPaidInput.parse(input).reason }),
        },
      },
    },
  });
  return runtime;
}
