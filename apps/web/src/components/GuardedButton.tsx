import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useEditAccess, VIEW_ONLY_LABEL } from '../features/collaboration/viewOnly';
import { useAuth } from '../lib/auth/useAuth';
import { guestMustLogin, useRequireLogin, viewerMayNot } from '../lib/auth/useRequireLogin';
import { LazyTooltip } from './LazyTooltip';

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
 * A button whose action goes through the write guard: for a guest it opens the login popup with the
 * 'Please login to perform this action' toast instead of running; for a viewer of a shared project a
 * write is disabled, with a "View only" tooltip.
 */
export function GuardedButton({ action, onAction, blockedReason, children, ...props }: GuardedButtonProps) {
  const { isAuthenticated } = useAuth();
  const { viewOnly } = useEditAccess();
  const guard = useRequireLogin();
  const reasonId = useId();
  const needsLogin = guestMustLogin(action, isAuthenticated);
  const refused = viewOnly && viewerMayNot(action);
  const reason = !needsLogin && !refused && blockedReason ? blockedReason : null;
  const button = (
    <Button
      {...props}
      data-action={action}
      disabled={props.disabled || refused || (!needsLogin && (!onAction || Boolean(reason)))}
      aria-describedby={reason ? reasonId : undefined}
      onClick={() => guard(action, () => onAction?.())}
    >
      {children}
    </Button>
  );
  if (refused) {
    // A disabled button gets no pointer events in every browser: the wrapper carries the tooltip.
    return (
      <LazyTooltip label={VIEW_ONLY_LABEL}>
        <span style={{ display: 'inline-flex' }} data-view-only="true">
          {button}
        </span>
      </LazyTooltip>
    );
  }
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
