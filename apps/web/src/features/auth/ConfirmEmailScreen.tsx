import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { ButtonLink } from '../../components/ButtonLink';
import { useAuth } from '../../lib/auth/useAuth';
import { useReloadCurrentUser } from '../../lib/auth/useReloadUser';
import { trpc } from '../../lib/trpc';
import { LinkFromMail } from './LinkFromMail';

/** /confirm-email?token=… — the link sent to a new address (e-mail change, single use, 24 h). */
export function ConfirmEmailScreen({ token }: { token: string | undefined }) {
  const { isAuthenticated } = useAuth();
  const reload = useReloadCurrentUser();
  const confirm = trpc.profile.confirmEmailChange.useMutation();
  return (
    <LinkFromMail
      token={token}
      run={async (t) => {
        const result = await confirm.mutateAsync({ token: t });
        await reload().catch(() => {});
        return result;
      }}
      runningLabel="Confirming your new e-mail address…"
      success={(r) => (
        <>
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title="Your e-mail address was changed"
            data-testid="email-changed"
          >
            <Text size="sm">From now on you sign in with {r.email}, and mails go there. Your previous address got a notice.</Text>
          </Alert>
          <ButtonLink to={isAuthenticated ? '/profile' : '/login'} fullWidth>
            {isAuthenticated ? 'Back to your profile' : 'Log in'}
          </ButtonLink>
        </>
      )}
    />
  );
}
