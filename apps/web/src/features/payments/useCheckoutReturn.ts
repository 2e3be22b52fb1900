import { notifications } from '@mantine/notifications';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { readStorage, writeStorage } from '../../lib/storage';
import { trpc } from '../../lib/trpc';
import { formatPrice, majorAmount } from './money';
import type { PaymentsSearch } from './paymentsSearch';

/** Session ids whose purchase_completed was already sent (this browser), so a reload never sends it twice. */
const TRACKED_KEY = 'atelier-purchases-tracked';
const TRACKED_MAX = 50;
/** While Stripe still says "processing", ask again this often, this many times. */
const RECHECK_MS = 2_000;
const RECHECK_ATTEMPTS = 10;

/** Sessions this page load has started confirming: StrictMode's double effects and remounts run it once. */
const handledSessions = new Set<string>();

function trackedSessions(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage('local', TRACKED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** True the first time a session id is seen (and remembers it). */
function firstTimeFor(sessionId: string): boolean {
  const seen = trackedSessions();
  if (seen.includes(sessionId)) return false;
  writeStorage('local', TRACKED_KEY, JSON.stringify([...seen, sessionId].slice(-TRACKED_MAX)));
  return true;
}

export type ReturnState =
  | { kind: 'idle' }
  | { kind: 'confirming' }
  | { kind: 'processing' }
  | { kind: 'paid'; credits: number; packageName: string }
  | { kind: 'failed'; message: string }
  | { kind: 'needs-login' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Handles the return from Stripe Checkout on the payments screen:
 * - `?status=cancelled` → 'Checkout cancelled — nothing was charged';
 * - `?status=success&session_id=…` → payments.confirm (the server asks Stripe and grants exactly
 *   like the webhook would), a success toast, fresh balance and histories, and `purchase_completed`
 *   once per session id. A payment Stripe still reports as processing is re-checked for a while.
 * Then the query string is removed so a reload does not repeat any of it.
 */
export function useCheckoutReturn(): ReturnState {
  const search = useSearch({ strict: false }) as PaymentsSearch;
  const navigate = useNavigate();
  const { isAuthenticated, isLoading } = useAuth();
  const utils = trpc.useUtils();
  const confirm = trpc.payments.confirm.useMutation();
  const confirmRef = useRef(confirm.mutateAsync);
  confirmRef.current = confirm.mutateAsync;
  const [state, setState] = useState<ReturnState>({ kind: 'idle' });

  const status = search.status;
  const sessionId = search.session_id;

  useEffect(() => {
    if (!status) return;
    const cleanUrl = () => void navigate({ to: '.', search: {}, replace: true });

    if (status === 'cancelled') {
      notifications.show({
        id: 'checkout-cancelled',
        color: 'yellow',
        title: 'Checkout cancelled',
        message: 'Checkout cancelled — nothing was charged',
        autoClose: 8_000,
      });
      cleanUrl();
      return;
    }

    if (!sessionId) {
      cleanUrl();
      return;
    }
    // Wait for the start-up session check: the confirm call needs the signed-in user.
    if (isLoading) return;
    if (!isAuthenticated) {
      setState({ kind: 'needs-login' });
      return;
    }
    if (handledSessions.has(sessionId)) return;
    handledSessions.add(sessionId);

    void (async () => {
      setState({ kind: 'confirming' });
      try {
        for (let attempt = 0; ; attempt += 1) {
          const { payment } = await confirmRef.current({ sessionId });
          if (payment.status === 'paid') {
            if (firstTimeFor(sessionId)) {
              track('purchase_completed', {
                package: payment.packageId,
                package_name: payment.packageName,
                credits: payment.credits,
                amount: majorAmount(payment.amount, payment.currency),
                currency: payment.currency.toUpperCase(),
                transaction_id: payment.id,
              });
            }
            notifications.show({
              id: `purchase-${sessionId}`,
              color: 'teal',
              title: 'Payment successful',
              message: `${payment.credits.toLocaleString('en-US')} credits were added to your balance (${payment.packageName}, ${formatPrice(payment.amount, payment.currency)}).`,
              autoClose: 10_000,
            });
            setState({ kind: 'paid', credits: payment.credits, packageName: payment.packageName });
            break;
          }
          if (payment.status === 'failed' || payment.status === 'expired') {
            const message =
              payment.status === 'failed'
                ? 'The payment failed and nothing was charged. Please try again or use another card.'
                : 'This checkout expired before it was paid. Nothing was charged.';
            notifications.show({ id: `purchase-${sessionId}`, color: 'red', title: 'Payment not completed', message, autoClose: 10_000 });
            setState({ kind: 'failed', message });
            break;
          }
          if (attempt >= RECHECK_ATTEMPTS) {
            setState({ kind: 'processing' });
            notifications.show({
              id: `purchase-${sessionId}`,
              color: 'blue',
              title: 'Payment processing',
              message: 'Your payment is still being processed. Your credits appear here as soon as it is confirmed.',
              autoClose: 10_000,
            });
            break;
          }
          setState({ kind: 'processing' });
          await sleep(RECHECK_MS);
        }
      } catch (error) {
        const message = errorMessage(error);
        notifications.show({ id: `purchase-${sessionId}`, color: 'red', title: 'Could not check the payment', message, autoClose: 10_000 });
        setState({ kind: 'failed', message });
      } finally {
        await Promise.all([utils.credits.invalidate(), utils.payments.history.invalidate()]);
        cleanUrl();
      }
    })();
  }, [status, sessionId, isLoading, isAuthenticated, navigate, utils]);

  return state;
}
