import { Alert, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { ButtonLink } from '../../components/ButtonLink';
import { useAuth } from '../../lib/auth/useAuth';
import { useReloadCurrentUser } from '../../lib/auth/useReloadUser';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { LinkFromMail } from './LinkFromMail';

/** /verify-email?token=… — the link from the verification mail (single use, 24 h). Works signed in or not. */
export function VerifyEmailScreen({ token }: { token: string | undefined }) {
  const { user, isAuthenticated } = useAuth();
  const reload = useReloadCurrentUser();
  const verify = trpc.auth.verifyEmail.useMutation();
  const resend = trpc.auth.resendVerification.useMutation({
    onSuccess: (r) =>
      notifications.show({
        color: 'teal',
        message: r.alreadyVerified ? `${r.email} is verified already.` : `A new link is on its way to ${r.email}.`,
      }),
    onError: (e) => notifications.show({ color: 'red', title: 'No new link sent', message: errorMessage(e) }),
  });

  return (
    <LinkFromMail
      token={token}
      run={async (t) => {
        const result = await verify.mutateAsync({ token: t });
        // Signed in here as that account: the banner goes away.
        await reload().catch(() => {});
        return result;
      }}
      runningLabel="Verifying your e-mail address…"
      failureActions={
        isAuthenticated && user && !user.emailVerified ? (
          <Button variant="light" leftSection={<IconSend size={16} aria-hidden />} loading={resend.isPending} onClick={() => resend.mutate({})}>
            Send a new link to {user.email}
          </Button>
        ) : null
      }
      success={(r) => (
        <>
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title="Your e-mail address is verified"
            data-testid="email-verified"
          >
            <Text size="sm">{r.email} is confirmed as yours.</Text>
            {r.projectsJoined > 0 ? (
              <Text size="sm" mt={6}>
                {r.projectsJoined === 1
                  ? 'An invitation to this address was waiting: you now have access to that project.'
                  : `${r.projectsJoined} invitations to this address were waiting: you now have access to those projects.`}
              </Text>
            ) : null}
          </Alert>
          <ButtonLink to={r.projectsJoined > 0 ? '/collaboration' : '/'} fullWidth>
            {r.projectsJoined > 0 ? 'See shared projects' : 'Go to the studio'}
          </ButtonLink>
        </>
      )}
    />
  );
}
