import { Box, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useReloadCurrentUser } from '../../lib/auth/useReloadUser';
import { AppHeader } from './AppHeader';
import { GuestBanner } from './GuestBanner';
import { LowCreditBanner } from './LowCreditBanner';
import { useAutoHideHeader } from './useAutoHideHeader';
import { VerifyEmailBanner } from './VerifyEmailBanner';

// The mobile menu's drawer loads the first time the burger opens it (not on every first load).
const MobileNavDrawer = lazy(() => import('./MobileNavDrawer').then((m) => ({ default: m.MobileNavDrawer })));

export const HEADER_HEIGHT = 64;

export type ShellMode = 'default' | 'full-bleed' | 'editor';

/** The deepest matched route's `staticData.shell` decides the layout: editors auto-hide the header; chat and editors are full-bleed. */
function useShellMode(): ShellMode {
  return useMatches({
    select: (matches) => matches.reduce<ShellMode>((mode, match) => match.staticData.shell ?? mode, 'default'),
  });
}

/** §4: the current user is re-read from the server when the main layout starts while signed in; a failure is only logged. */
function useRefreshCurrentUser(): void {
  const reload = useReloadCurrentUser();
  useEffect(() => {
    reload().catch((error: unknown) => console.warn('[auth] could not re-read the current user', error));
  }, [reload]);
}

/** Main layout (§2): header with navigation, banners, and the screen. */
export function MainLayout() {
  return (
    <MainLayoutFrame>
      <Outlet />
    </MainLayoutFrame>
  );
}

/** The main layout around any content (the route outlet, or the root's Not Found view). */
export function MainLayoutFrame({ children }: { children: ReactNode }) {
  const mode = useShellMode();
  const isEditor = mode === 'editor';
  const [menuOpened, menu] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (menuOpened && !menuLoaded) setMenuLoaded(true);
  const header = useAutoHideHeader(isEditor);
  const headerShown = header.visible || menuOpened;
  useRefreshCurrentUser();

  return (
    // A fixed header over the page, as Mantine's AppShell lays it out (AppShell itself would add ~10 KB
    // gzip to every first load for two boxes).
    <div data-shell-mode={mode}>
      <Box
        component="header"
        data-testid="app-header"
        data-hidden={headerShown ? 'false' : 'true'}
        inert={!headerShown}
        onMouseEnter={isEditor ? header.hold : undefined}
        onMouseLeave={isEditor ? header.release : undefined}
        onFocus={isEditor ? header.hold : undefined}
        onBlur={isEditor ? header.release : undefined}
        style={{
          position: 'fixed',
          top: 0,
          insetInline: 0,
          height: HEADER_HEIGHT,
          zIndex: 100,
          backgroundColor: 'var(--mantine-color-body)',
          borderBottom: '1px solid var(--mantine-color-default-border)',
          transform: headerShown ? undefined : `translateY(-${HEADER_HEIGHT}px)`,
          transition: 'transform 200ms ease',
          backdropFilter: 'saturate(180%) blur(10px)',
        }}
      >
        <AppHeader menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </Box>
      {isEditor && !headerShown ? (
        // The top-edge hot zone: hovering it brings the header back.
        <Box
          pos="fixed"
          top={0}
          left={0}
          right={0}
          h={12}
          style={{ zIndex: 101 }}
          onMouseEnter={header.reveal}
          aria-hidden
          data-testid="header-hot-zone"
        />
      ) : null}

      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileNavDrawer opened={menuOpened} onClose={menu.close} />
        </Suspense>
      ) : null}

      <Box
        component="main"
        style={{ paddingTop: headerShown && !isEditor ? HEADER_HEIGHT : 0, minHeight: '100dvh', transition: 'padding 200ms ease' }}
      >
        {isEditor ? null : <VerifyEmailBanner />}
        {isEditor ? null : <LowCreditBanner />}
        {mode === 'default' ? (
          <Container size="xl" py={{ base: 'lg', md: 40 }} pb={120}>
            {children}
          </Container>
        ) : (
          children
        )}
      </Box>

      <GuestBanner />
    </div>
  );
}
