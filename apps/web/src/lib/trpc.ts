import type { AppRouter } from '@atelier/api/router';
import { httpBatchLink, httpSubscriptionLink, splitLink, type TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { env } from '../env';
import { authStore, refreshAfterUnauthorized, setCredits } from './auth/store';
import { campaignHeaderValue } from './campaign';
import { logRequestError } from './http';
import { isRecord } from './storage';

/**
 * The typed tRPC client. `AppRouter` is imported as a type only: the web never imports server code
 * at runtime. Plain JSON (no transformer): dates arrive as ISO strings.
 */
export const trpc = createTRPCReact<AppRouter>();

type AppClientError = TRPCClientError<AppRouter>;

function httpStatusOf(error: AppClientError): number | undefined {
  const data: unknown = error.data;
  return isRecord(data) && typeof data.httpStatus === 'number' ? data.httpStatus : undefined;
}

/** Logs every failed call with method, url and status (§8). Innermost, so it sees each real HTTP attempt. */
const errorLoggingLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) => {
          const method = op.type === 'query' ? 'GET' : 'POST';
          logRequestError(method, `${env.trpcUrl}/${op.path}`, httpStatusOf(error) ?? 'network-error', error.message);
          observer.error(error);
        },
        complete: () => observer.complete(),
      }),
    );

/**
 * §4: a call that was sent with an access token and answered 401 is retried once after a token
 * refresh. Refresh is single-flight (concurrent 401s wait for the same one); if it fails, the store
 * has signed the user out locally and the original error is passed on.
 */
const refreshOnUnauthorizedLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let subscription: Unsubscribable | null = null;
      let closed = false;

      const attempt = (isRetry: boolean) => {
        const tokenUsed = authStore.getState().accessToken;
        subscription = next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => {
            if (isRetry || !tokenUsed || httpStatusOf(error) !== 401) {
              observer.error(error);
              return;
            }
            void refreshAfterUnauthorized(tokenUsed).then((refreshed) => {
              if (closed) return;
              if (refreshed) attempt(true);
              else observer.error(error);
            });
          },
          complete: () => observer.complete(),
        });
      };

      attempt(false);
      return () => {
        closed = true;
        subscription?.unsubscribe();
      };
    });

/**
 * Any response object carrying a numeric `creditsBalance` is the user's new balance in credits (§4):
 * query and mutation results, and each event of a subscription (e.g. chat's stream `end` events).
 */
const creditsBalanceLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => {
          const result: unknown = value.result;
          if (isRecord(result) && isRecord(result.data) && typeof result.data.creditsBalance === 'number' && authStore.getState().isAuthenticated) {
            setCredits(result.data.creditsBalance);
          }
          observer.next(value);
        },
        error: (error) => observer.error(error),
        complete: () => observer.complete(),
      }),
    );

/** Bearer token when signed in, and the campaign captured on landing (§7). */
function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const { accessToken } = authStore.getState();
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  const campaign = campaignHeaderValue();
  if (campaign) headers['x-campaign'] = campaign;
  return headers;
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      creditsBalanceLink,
      refreshOnUnauthorizedLink,
      errorLoggingLink,
      splitLink({
        condition: (op) => op.type === 'subscription',
        // Live status and chat streaming over SSE. EventSource can't send headers, so the bearer
        // token travels as a connection parameter (the server redacts it from its logs).
        true: httpSubscriptionLink({
          url: env.trpcUrl,
          connectionParams: () => {
            const { accessToken } = authStore.getState();
            return accessToken ? { authorization: `Bearer ${accessToken}` } : {};
          },
        }),
        false: httpBatchLink({
          url: env.trpcUrl,
          maxURLLength: 4000,
          headers: requestHeaders,
          fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
        }),
      }),
    ],
  });
}
