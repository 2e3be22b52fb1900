import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFoundView } from './components/feedback/NotFoundView';
import { PageLoader } from './components/feedback/PageLoader';
import { RouteErrorView } from './components/feedback/RouteErrorView';
import { track } from './lib/analytics';
import { routeTree } from './routeTree.gen';

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // A spinner while a screen's code or data loads (§2), without flashing for fast loads.
    defaultPendingComponent: () => <PageLoader />,
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    defaultErrorComponent: RouteErrorView,
    defaultNotFoundComponent: NotFoundView,
    scrollRestoration: true,
  });

  // §2: every route change is reported with route ids, params, pathname and search.
  router.subscribe('onResolved', () => {
    const { matches, location } = router.state;
    track('screen_view', {
      routeIds: matches.map((match) => match.routeId),
      params: matches.at(-1)?.params ?? {},
      pathname: location.pathname,
      search: location.searchStr,
    });
  });

  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** 'editor': full-bleed with the auto-hiding header; 'full-bleed': no page padding (chat). */
    shell?: 'editor' | 'full-bleed';
    /** Auth layout card width: legal pages are wider than the login card. */
    authCard?: 'wide';
  }
}
