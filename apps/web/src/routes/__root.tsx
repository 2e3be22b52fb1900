import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundView } from '../components/feedback/NotFoundView';
import { MainLayoutFrame } from '../components/shell/MainLayout';
import { LoginModal } from '../features/auth/LoginModal';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  // Unknown addresses still get the header, so the visitor can navigate on.
  notFoundComponent: () => (
    <MainLayoutFrame>
      <NotFoundView />
    </MainLayoutFrame>
  ),
});

function RootComponent() {
  return (
    <>
      <Outlet />
      <LoginModal />
    </>
  );
}
