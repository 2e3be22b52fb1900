import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEditAccess, VIEW_ONLY_LABEL } from '../features/collaboration/viewOnly';
import { useAuth } from '../lib/auth/useAuth';
import { guestMustLogin, useRequireLogin, viewerMayNot } from '../lib/auth/useRequireLogin';

interface GuardedButtonProps extends ButtonProps {
  /** The action's name, e.g. 'createProject'; names with create/edit/delete/generate/export/save/publish need login. */
  action: string;
  /** What the action does for a signed-in user. Until a screen wires it, the button is disabled for them. */
  onAction?: () => void;
  children: ReactNode;
}

/**
 * A button whose action goes through the write guard: for a guest it opens the login popup with the
 * 'Please login to perform this action' toast instead of running; for a viewer of a shared project a
 * write is disabled, with a "View only" tooltip.
 */
export function GuardedButton({ action, onAction, children, ...props }: GuardedButtonProps) {
  const { isAuthenticated } = useAuth();
  const { viewOnly } = useEditAccess();
  const guard = useRequireLogin();
  const needsLogin = guestMustLogin(action, isAuthenticated);
  const refused = viewOnly && viewerMayNot(action);
  const button = (
    <Button
      {...props}
      data-action={action}
      disabled={props.disabled || refused || (!needsLogin && !onAction)}
      onClick={() => guard(action, () => onAction?.())}
    >
      {children}
    </Button>
  );
  if (!refused) return button;
  // A disabled button gets no pointer events in every browser: the wrapper carries the tooltip.
  return (
    <Tooltip label={VIEW_ONLY_LABEL}>
      <span style={{ display: 'inline-flex' }} data-view-only="true">
        {button}
      </span>
    </Tooltip>
  );
}
