import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconMailOpened } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PROJECT_OPEN, PROJECT_TYPE_META } from '../projects/projectTypes';
import { ROLE_META } from './roles';

const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * /invite?token=… — the link from an invitation mail: who invites you to what, with which role.
 * Signed in: Accept joins the project. A guest logs in or creates an account first (and comes back
 * here); an account created with the invited address also joins once that address is verified.
 */
export function InviteScreen({ token }: { token: string | undefined }) {
  const { isLoading, user } = useAuth();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  // The preview is a POST (the token stays out of URLs); it is re-read when the visitor signs in.
  const preview = useQuery({
    queryKey: ['invitation', token, user?.id ?? null],
    queryFn: () => utils.client.collaboration.invitation.mutate({ token: token ?? '' }),
    enabled: Boolean(token) && !isLoading,
    retry: false,
    staleTime: 0,
  });
  const accept = trpc.collaboration.acceptInvitation.useMutation({
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', title: 'Welcome aboard', message: `You joined “${r.projectName}” as ${ROLE_META[r.role].article}.` });
      await Promise.all([utils.collaboration.invalidate(), utils.projects.invalidate()]);
      void navigate({ to: PROJECT_OPEN[r.projectType], params: { projectId: r.projectId } });
    },
  });

  if (!token) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="This page opens from an invitation mail">
        The address is missing its token. Open the link from the mail again, or copy all of it into the address bar.
      </Alert>
    );
  }
  if (preview.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label="Loading the invitation" />
      </Center>
    );
  }
  if (preview.isError) {
    return (
      <Stack gap="md" data-testid="invite-gone">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="This invitation cannot be used" role="alert">
          {errorMessage(preview.error)}
        </Alert>
        <ButtonLink to="/" variant="default" fullWidth>
          Back to the studio
        </ButtonLink>
      </Stack>
    );
  }

  const inv = preview.data;
  const here = `/invite?token=${encodeURIComponent(token)}`;
  const role = ROLE_META[inv.role];
  let action: ReactNode;
  if (!inv.viewer) {
    action = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Log in to accept. No account yet? Create one — with {inv.invitedEmail}, verifying the address is enough; with another address, come back to
          this link.
        </Text>
        <Group grow>
          <ButtonLink to="/login" search={{ redirect: here }}>
            Log in
          </ButtonLink>
          <ButtonLink to="/register" search={{ redirect: here }} variant="light">
            Create account
          </ButtonLink>
        </Group>
      </Stack>
    );
  } else if (inv.viewer.isOwner) {
    action = (
      <Alert color="gray" variant="light" title="This is your project">
        You invited {inv.invitedEmail}; the link is for them.
      </Alert>
    );
  } else {
    action = (
      <Stack gap="xs">
        {inv.viewer.currentRole ? (
          <Text size="sm" c="dimmed">
            You are already {ROLE_META[inv.viewer.currentRole].article} on this project; accepting keeps your role.
          </Text>
        ) : inv.viewer.email !== inv.invitedEmail ? (
          <Text size="sm" c="dimmed">
            The invitation went to {inv.invitedEmail}; you are signed in as {inv.viewer.email}. Accepting adds {inv.viewer.email}.
          </Text>
        ) : null}
        {accept.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={16} aria-hidden />} role="alert">
            {errorMessage(accept.error)}
          </Alert>
        ) : null}
        <Button
          size="md"
          leftSection={<IconCheck size={18} aria-hidden />}
          loading={accept.isPending}
          onClick={() => accept.mutate({ token })}
          data-testid="invite-accept"
        >
          Accept invitation
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="invite-screen">
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Group gap="xs">
            <IconMailOpened size={18} aria-hidden />
            <Text size="sm" c="dimmed">
              {inv.inviterEmail} invited you to
            </Text>
          </Group>
          <Title order={2} fz="h3">
            {inv.projectName}
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              {PROJECT_TYPE_META[inv.projectType].label}
            </Badge>
            <Badge variant="light" color={role.color}>
              {role.label}
            </Badge>
          </Group>
          <Text size="sm">{role.description}</Text>
          <Text size="xs" c="dimmed">
            The link works once, until {formatDay(inv.expiresAt)}.
          </Text>
        </Stack>
      </Card>
      {action}
    </Stack>
  );
}
