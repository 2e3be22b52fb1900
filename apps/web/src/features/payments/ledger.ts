import { displayCredits } from '@atelier/shared';

/** The ledger's kinds (apps/api credits.schema LEDGER_KINDS). */
export type LedgerKind = 'signup_bonus' | 'purchase' | 'spend' | 'refund' | 'admin_adjustment';

export interface LedgerRow {
  id: string;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  referenceType: string | null;
  referenceId: string | null;
  note: string | null;
  createdAt: string;
}

const KIND_LABELS: Record<LedgerKind, string> = {
  signup_bonus: 'Sign-up bonus',
  purchase: 'Credit purchase',
  spend: 'Credits spent',
  refund: 'Refund',
  admin_adjustment: 'Adjustment',
};

/** A readable label: a spend on a generation reads "Generation", its refund "Generation refund". */
export function kindLabel(kind: LedgerKind, referenceType: string | null): string {
  if (referenceType === 'generation' && kind === 'spend') return 'Generation';
  if (referenceType === 'generation' && kind === 'refund') return 'Generation refund';
  return KIND_LABELS[kind] ?? kind;
}

const MINUS = '\u2212';

/** '+500', '−2', '−1.5' (amounts keep their hundredths: a ledger row is exact). */
export function formatAmount(amount: number): string {
  if (!Number.isFinite(amount) || amount === 0) return '0';
  const abs = Math.abs(amount).toLocaleString('en-US', { maximumFractionDigits: 2 });
  return amount > 0 ? `+${abs}` : `${MINUS}${abs}`;
}

/** The /history link of the generation a row paid for (or was refunded for); null for anything else. */
export function generationHref(row: Pick<LedgerRow, 'referenceType' | 'referenceId'>): string | null {
  if (row.referenceType !== 'generation' || !row.referenceId) return null;
  return `/history?generation=${encodeURIComponent(row.referenceId)}`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const shortDateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

export interface BalancePoint {
  label: string;
  balance: number;
}

/**
 * The balance over time from the ledger's `balanceAfter` (rows arrive newest first): one point
 * per change, oldest first, then "Now" at the current balance so a single change still draws a line.
 */
export function balanceSeries(entriesNewestFirst: readonly Pick<LedgerRow, 'balanceAfter' | 'createdAt'>[], currentBalance: number): BalancePoint[] {
  const points = [...entriesNewestFirst].reverse().map((entry) => {
    const date = new Date(entry.createdAt);
    return { label: Number.isNaN(date.getTime()) ? '—' : shortDateTime.format(date), balance: displayCredits(entry.balanceAfter) };
  });
  if (points.length === 0) return [];
  points.push({ label: 'Now', balance: displayCredits(currentBalance) });
  return points;
}
