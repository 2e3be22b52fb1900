import { HISTORY_PAGE_SIZE } from '@atelier/shared';
import { z } from 'zod';

export const LEDGER_KINDS = ['signup_bonus', 'purchase', 'spend', 'refund', 'admin_adjustment'] as const;

export const ZBalance = z.object({
  credits: z.number().describe('Balance in credits (creditUnits / 100)'),
  creditUnits: z.number().int().describe('Balance in hundredths of a credit'),
});
export type Balance = z.infer<typeof ZBalance>;

/** GET inputs come from the query string: numbers are coerced. */
export const ZPageInput = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const ZLedgerEntry = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().describe('Signed change in credits; spends are negative'),
  amountUnits: z.number().int(),
  balanceAfter: z.number().describe('Balance in credits after this change'),
  balanceAfterUnits: z.number().int(),
  referenceType: z.string().nullable().describe('What the change is for, e.g. generation or payment'),
  referenceId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZCreditHistory = z.object({
  entries: z.array(ZLedgerEntry),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

/** Credits used per day (spends minus their refunds), for the dashboard's chart. */
export const ZUsageInput = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
  /** The viewer's `Date#getTimezoneOffset()` (minutes behind UTC), so days are the viewer's own. */
  tzOffsetMinutes: z.coerce.number().int().min(-840).max(840).default(0),
});

export const ZUsage = z.object({
  days: z.array(z.object({ date: z.string().describe("YYYY-MM-DD in the viewer's time zone"), credits: z.number() })),
  total: z.number().describe('Credits used over the whole period'),
  from: z.string(),
  to: z.string(),
});
export type Usage = z.infer<typeof ZUsage>;
