import { QUERY_RETRY, QUERY_STALE_TIME_MS } from '@atelier/shared/constants';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isClientError, isLoginRequiredError } from './errors';
import { promptLogin } from './loginPrompt';

/**
 * TanStack Query defaults from §9: data stays fresh for 5 minutes and a failed query is retried once
 * (never for 4xx answers, which a retry cannot change). A mutation refused because the visitor is a
 * guest opens the login popup wherever it was fired from.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: (failureCount, error) => failureCount < QUERY_RETRY && !isClientError(error),
      },
    },
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isLoginRequiredError(error)) promptLogin();
      },
    }),
  });
}
