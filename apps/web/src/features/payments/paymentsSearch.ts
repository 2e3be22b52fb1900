/**
 * The return from Stripe Checkout: `?status=success&session_id=cs_…` or `?status=cancelled`
 * (apps/api payments.service successUrl/cancelUrl). Anything else is dropped, never an error.
 * A plain function (not zod): route search parsers are in the first load.
 */
export interface PaymentsSearch {
  status?: 'success' | 'cancelled';
  session_id?: string;
}

export function paymentsSearchSchema(search: Record<string, unknown>): PaymentsSearch {
  const out: PaymentsSearch = {};
  if (search.status === 'success' || search.status === 'cancelled') out.status = search.status;
  if (typeof search.session_id === 'string' && /^cs_[A-Za-z0-9_]{1,250}$/.test(search.session_id)) out.session_id = search.session_id;
  return out;
}
