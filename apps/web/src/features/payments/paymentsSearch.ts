import { z } from 'zod';

/**
 * The return from Stripe Checkout: `?status=success&session_id=cs_…` or `?status=cancelled`
 * (apps/api payments.service successUrl/cancelUrl). Anything else is dropped, never an error.
 */
export const paymentsSearchSchema = z.object({
  status: z.enum(['success', 'cancelled']).optional().catch(undefined),
  session_id: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/)
    .optional()
    .catch(undefined),
});

export type PaymentsSearch = z.infer<typeof paymentsSearchSchema>;
