import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useAuth } from '../lib/auth/useAuth';
import { guestMustLogin, useRequireLogin } from '../lib/auth/useRequireLogin';

interface GuardedButtonProps extends ButtonProps {
  /** The action's name, e.g. 'createProject'; names with create/edit/delete/generate/export/save/publish need login. */
  action: string;
  /** What the action does for a signed-in user. Until a screen wires it, the button is disabled for them. */
  onAction?: () => void;
  /**
   * Why the action cannot run yet (e.g. 'Type the text to speak first.'): the button is disabled and the reason is
   * shown under it (and tied to it with aria-describedby), instead of a passing toast after a click.
   */
  blockedReason?: string | null;
  children: ReactNode;
}

/**
 * A button whose action goes through the guest guard: for a guest it opens the login popup with the
 * 'Please login to perform this action' toast instead of running.
 */
export function GuardedButton({ action, onAction, blockedReason, children, ...props }: GuardedButtonProps) {
  const { isAuthenticated } = useAuth();
  const guard = useRequireLogin();
  const reasonId = useId();
  const needsLogin = guestMustLogin(action, isAuthenticated);
  const reason = !needsLogin && blockedReason ? blockedReason : null;
  const button = (
    <Button
      {...props}
      data-action={action}
      disabled={props.disabled || (!needsLogin && (!onAction || Boolean(reason)))}
      aria-describedby={reason ? reasonId : undefined}
      onClick={() => guard(action, () => onAction?.())}
    >
      {children}
    </Button>
  );
  if (!reason) return button;
  return (
    <Stack gap={4}>
      {button}
      <Text id={reasonId} size="xs" c="dimmed" data-testid="blocked-reason">
        {reason}
      </Text>
    </Stack>
  );
}
