import '@mantine/core/styles.css';

import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { authStore, initAuth } from './lib/auth/store';
import { captureCampaign } from './lib/campaign';
import { createQueryClient } from './lib/queryClient';
import { STORAGE_KEYS } from './lib/storage';
import { createTrpcClient, trpc } from './lib/trpc';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

// Toasts render from their own chunk, after the first paint.
const NotificationsHost = lazy(() => import('./components/feedback/NotificationsHost'));

captureCampaign();
void initAuth();

const queryClient = createQueryClient();

// Reads depend on who asks (guests read the demo workspace): when the signed-in user changes,
// nothing cached for the previous viewer may be shown.
let viewerId = authStore.getState().user?.id ?? null;
authStore.subscribe(() => {
  const next = authStore.getState().user?.id ?? null;
  if (next === viewerId) return;
  viewerId = next;
  void queryClient.resetQueries();
});
const trpcClient = createTrpcClient();
const router = createAppRouter(queryClient);
const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  </StrictMode>,
);
