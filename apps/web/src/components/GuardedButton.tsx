import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth/useAuth';
import { guestMustLogin, useRequireLogin } from '../lib/auth/useRequireLogin';

interface GuardedButtonProps extends ButtonProps {
  /** The action's name, e.g. 'createProject'; names with create/edit/delete/generate/export/save/publish need login. */
  action: string;
  /** What the action does for a signed-in user. Until a screen wires it, the button is disabled for them. */
  onAction?: () => void;
  children: ReactNode;
}

/**
 * A button whose action goes through the guest guard: for a guest it opens the login popup with the
 * 'Please login to perform this action' toast instead of running.
 */
export function GuardedButton({ action, onAction, children, ...props }: GuardedButtonProps) {
  const { isAuthenticated } = useAuth();
  const guard = useRequireLogin();
  const needsLogin = guestMustLogin(action, isAuthenticated);
  return (
    <Button {...props} data-action={action} disabled={props.disabled || (!needsLogin && !onAction)} onClick={() => guard(action, () => onAction?.())}>
      {children}
    </Button>
  );
}
