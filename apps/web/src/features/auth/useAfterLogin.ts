import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { redirectFromSearch, safeRedirectTarget } from '../../lib/redirect';

/** After a successful login or sign-up: go to `?redirect=` when present, else to / (§2). */
export function useAfterLogin(): () => void {
  const navigate = useNavigate();
  const redirect = useLocation({ select: (location) => redirectFromSearch(location.search) });
  return useCallback(() => {
    void navigate({ href: safeRedirectTarget(redirect), replace: true });
  }, [navigate, redirect]);
}
