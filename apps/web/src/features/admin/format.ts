import type { AppRouter } from '@atelier/api/router';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** The admin procedures' shapes, straight from the server's router type. */
export type AdminOutputs = inferRouterOutputs<AppRouter>['admin'];
export type AdminInputs = inferRouterInputs<AppRouter>['admin'];

const usd2 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usd4 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dec2 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** '$1,234.50'; small amounts keep up to 4 decimals ('$0.0042') so provider costs don't read as $0.00. */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return Math.abs(value) > 0 && Math.abs(value) < 1 ? usd4.format(value) : usd2.format(value);
}

export const formatInt = (value: number | null | undefined) => (value === null || value === undefined ? '—' : int.format(value));

/** Credits with up to two decimals: admins see exact amounts (users see floored whole credits). */
export const formatCredits = (value: number | null | undefined) => (value === null || value === undefined ? '—' : dec2.format(value));

export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  return `${(rate * 100).toFixed(1)}%`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A bucket date (YYYY-MM-DD, UTC) as a short axis label. */
export function shortDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** 'just now', '5 min ago', '3 days ago', or the date. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'Never';
  const diff = now - new Date(iso).getTime();
  if (diff < 60_000) return 'just now';
  if (diff < 3_600_000) return `${Math.floor(diff / 60_000)} min ago`;
  if (diff < 86_400_000) return `${Math.floor(diff / 3_600_000)} h ago`;
  if (diff < 30 * 86_400_000) return `${Math.floor(diff / 86_400_000)} days ago`;
  return formatDate(iso);
}

export const marginColor = (value: number | null | undefined) =>
  value === null || value === undefined ? 'gray' : value < 0 ? 'red' : value === 0 ? 'gray' : 'teal';

export const TYPE_LABELS: Record<string, string> = { image: 'Image', video: 'Video', audio: 'Audio', text: 'Text' };
export const TYPE_COLORS: Record<string, string> = { image: 'brand.6', video: 'pink.6', audio: 'orange.6', text: 'cyan.6' };
export const STATUS_COLORS: Record<string, string> = {
  COMPLETED: 'teal.6',
  PROCESSING: 'blue.6',
  PENDING: 'yellow.6',
  FAILED: 'red.6',
  CANCELLED: 'gray.6',
};
export const statusBadgeColor = (status: string) => (STATUS_COLORS[status] ?? 'gray.6').split('.')[0] ?? 'gray';
