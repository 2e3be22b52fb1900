import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { redirectFromSearch, safeRedirectTarget } from '../../lib/redirect';

/** After a successful login or sign-up: go to `?redirect=` when present, else to / (§2). */
export function useAfterLogin(): () => void {
  const navigate = useNavigate();
  const search = useLocation({ select: (location) => location.search });
  return useCallback(() => {
    void navigate({ href: safeRedirectTarget(redirectFromSearch(search)), replace: true });
  }, [navigate, search]);
}
