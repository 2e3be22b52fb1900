import { Alert, Anchor, Avatar, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconLink, IconMailForward, IconSend, IconUserPlus, IconUsersGroup, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { QueryError } from '../../components/feedback/QueryError';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PROJECT_OPEN, PROJECT_TYPE_META, relativeTime } from '../projects/projectTypes';
import { ShareLinkRow } from '../share/ShareLinks';
import { MembersModal } from './MembersModal';
import { ROLE_META } from './roles';

function Section({ title, description, children, testId }: { title: string; description: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="sm" data-testid={testId}>
      <div>
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

const initial = (email: string) => email.slice(0, 1).toUpperCase();
const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
const paramsOf = (projectId: string) => ({ projectId });

/** /collaboration — projects shared with you and by you, pending invites, members and public links. */
export function CollaborationScreen() {
  const { isAuthenticated } = useAuth();
  const utils = trpc.useUtils();
  const overview = trpc.collaboration.overview.useQuery(undefined);
  const links = trpc.share.list.useQuery(undefined);
  const [managing, setManaging] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const cancel = trpc.collaboration.cancelInvite.useMutation({
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: 'Invitation revoked: its link no longer works' });
      await utils.collaboration.invalidate();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Could not revoke the invitation', message: errorMessage(e) }),
  });
  const resend = trpc.collaboration.resendInvite.useMutation({
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: `A new link is on its way to ${r.invite.email} (valid for 7 days)` });
      await utils.collaboration.invalidate();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Could not resend the invitation', message: errorMessage(e) }),
  });

  const data = overview.data;
  const mine = data?.myProjects ?? [];
  const sharedByMe = mine.filter((p) => p.collaborators.length > 0 || p.invites.length > 0);
  const pending = mine.flatMap((p) => p.invites.map((i) => ({ ...i, projectId: p.id, projectName: p.name })));
  const projectOptions = mine.map((p) => ({ value: p.id, label: p.name }));

  const inviteButton = (
    <GuardedButton
      action="editCollaborators"
      onAction={() => {
        setPicking(true);
        setManaging(mine[0]?.id ?? null);
      }}
      disabled={isAuthenticated && mine.length === 0}
      leftSection={<IconUserPlus size={16} aria-hidden />}
      data-testid="collab-invite"
    >
      Invite collaborator
    </GuardedButton>
  );

  let body: ReactNode;
  if (overview.isPending) {
    body = (
      <Stack gap="md">
        <Skeleton h={90} />
        <Skeleton h={90} />
      </Stack>
    );
  } else if (overview.isError) {
    body = <QueryError error={overview.error} onRetry={() => void overview.refetch()} title="Could not load your collaboration" />;
  } else {
    body = (
      <Stack gap="xl">
        <Section title="Shared with me" description="Projects other people invited you to, with your role." testId="shared-with-me">
          {data?.sharedWithMe.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {data.sharedWithMe.map((p) => {
                const meta = PROJECT_TYPE_META[p.type];
                return (
                  <Card key={p.id} data-testid="shared-project" data-project-id={p.id}>
                    <Stack gap={6}>
                      <Group justify="space-between" wrap="nowrap">
                        <Link to={PROJECT_OPEN[p.type]} params={paramsOf(p.id)} style={{ minWidth: 0, color: 'inherit', textDecoration: 'none' }}>
                          <Text fw={650} lineClamp={1}>
                            {p.name}
                          </Text>
                        </Link>
                        <Badge variant="light" color={ROLE_META[p.role].color}>
                          {ROLE_META[p.role].label}
                        </Badge>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {meta.label} · shared by {p.ownerEmail} · {relativeTime(p.sharedAt)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {ROLE_META[p.role].description}
                      </Text>
                      <Group gap="xs" mt={4}>
                        <ButtonLink to={PROJECT_OPEN[p.type]} params={paramsOf(p.id)} size="xs" variant="light">
                          Open
                        </ButtonLink>
                        <Button size="xs" variant="subtle" color="gray" onClick={() => setManaging(p.id)}>
                          Members
                        </Button>
                      </Group>
                    </Stack>
                  </Card>
                );
              })}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              Nothing shared with you yet. When someone invites your e-mail address, accept the link in their mail (or verify your address) and the
              project appears here and in your project list.
            </Text>
          )}
        </Section>

        <Section title="Shared by me" description="Your projects other people can open, and who they are." testId="shared-by-me">
          {sharedByMe.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {sharedByMe.map((p) => (
                <Card key={p.id} data-testid="my-shared-project" data-project-id={p.id}>
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Link to={PROJECT_OPEN[p.type]} params={paramsOf(p.id)} style={{ minWidth: 0, color: 'inherit', textDecoration: 'none' }}>
                        <Text fw={650} lineClamp={1}>
                          {p.name}
                        </Text>
                      </Link>
                      <Badge variant="outline" color="gray">
                        {PROJECT_TYPE_META[p.type].label}
                      </Badge>
                    </Group>
                    <Stack gap={4}>
                      {p.collaborators.map((c) => (
                        <Group key={c.userId} gap="xs" wrap="nowrap">
                          <Avatar size={22} radius="xl" color={ROLE_META[c.role].color}>
                            {initial(c.email)}
                          </Avatar>
                          <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }}>
                            {c.email}
                          </Text>
                          <Badge size="sm" variant="light" color={ROLE_META[c.role].color}>
                            {ROLE_META[c.role].label}
                          </Badge>
                        </Group>
                      ))}
                      {p.invites.length ? (
                        <Text size="xs" c="dimmed">
                          + {p.invites.length} pending {p.invites.length === 1 ? 'invite' : 'invites'}
                        </Text>
                      ) : null}
                    </Stack>
                    <Group>
                      <GuardedButton action="editCollaborators" onAction={() => setManaging(p.id)} size="xs" variant="light">
                        Manage members
                      </GuardedButton>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          ) : (
            <ScreenEmptyState
              icon={<IconUsersGroup size={26} stroke={1.6} />}
              title="No collaborators yet"
              description={
                mine.length
                  ? 'Invite someone to a project and they appear here with their role.'
                  : 'Create a project first, then invite people to it as viewers or editors.'
              }
              actions={
                mine.length || !isAuthenticated ? (
                  inviteButton
                ) : (
                  <Button component={Link} to="/projects" variant="light">
                    Go to projects
                  </Button>
                )
              }
            />
          )}
        </Section>

        <Section
          title="Pending invites"
          description="Each invited address got a link by e-mail (valid for 7 days). Access starts when it is accepted, or when an account verifies that address."
          testId="pending-invites"
        >
          {pending.length ? (
            <Card padding="xs">
              <Stack gap={0}>
                {pending.map((i) => (
                  <Group key={i.id} justify="space-between" p="xs" wrap="wrap" gap="xs" data-testid="pending-invite" data-email={i.email}>
                    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 320px' }}>
                      <IconMailForward size={16} aria-hidden />
                      <Text size="sm" truncate="end">
                        {i.email}
                      </Text>
                      <Badge size="sm" variant="outline" color={ROLE_META[i.role].color}>
                        {ROLE_META[i.role].label}
                      </Badge>
                      {i.status === 'expired' ? (
                        <Badge size="sm" variant="light" color="red" data-testid="invite-expired">
                          Expired
                        </Badge>
                      ) : null}
                      <Text size="xs" c="dimmed" truncate="end">
                        on {i.projectName} · {i.status === 'expired' ? 'expired' : 'link valid until'} {formatDay(i.expiresAt)}
                      </Text>
                    </Group>
                    {isAuthenticated ? (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          leftSection={<IconSend size={14} aria-hidden />}
                          loading={resend.isPending && resend.variables?.inviteId === i.id}
                          onClick={() => resend.mutate({ id: i.projectId, inviteId: i.id })}
                          data-testid="invite-resend"
                        >
                          Resend
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="gray"
                          leftSection={<IconX size={14} aria-hidden />}
                          loading={cancel.isPending && cancel.variables?.inviteId === i.id}
                          onClick={() => cancel.mutate({ id: i.projectId, inviteId: i.id })}
                          data-testid="invite-revoke"
                        >
                          Revoke
                        </Button>
                      </Group>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            </Card>
          ) : (
            <Text size="sm" c="dimmed">
              No pending invites.
            </Text>
          )}
        </Section>

        <Section
          title="Public links"
          description="Read-only pages for one generation or export. Create them from History; revoke them here at any time."
          testId="public-links"
        >
          {links.isPending ? (
            <Skeleton h={60} />
          ) : links.isError ? (
            <QueryError error={links.error} onRetry={() => void links.refetch()} title="Could not load your links" />
          ) : links.data.links.length ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {links.data.links.map((l) => (
                <Card key={l.id}>
                  <ShareLinkRow link={l} showTitle />
                </Card>
              ))}
            </SimpleGrid>
          ) : (
            <Group gap="xs">
              <IconLink size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                No public links yet. Open a finished generation in{' '}
                <Anchor component={Link} to="/history">
                  History
                </Anchor>{' '}
                and choose Share.
              </Text>
            </Group>
          )}
        </Section>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow="Team"
        title="Collaboration"
        description="Invite people to your projects by e-mail and choose what each of them may do: viewers look, editors edit and generate with their own credits."
        actions={inviteButton}
      />
      {!isAuthenticated ? (
        <Alert
          color="brand"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title="This is the demo workspace"
          data-testid="collab-guest-note"
        >
          Here the demo video project is shared with a sample collaborator, and one invitation is waiting for its recipient to accept it. Log in or
          create an account to share your own projects — viewers can look, editors can edit and generate (charged to their own credits), and only you
          can delete a project or manage its members.
        </Alert>
      ) : null}
      {body}
      <MembersModal
        projectId={managing}
        onClose={() => {
          setManaging(null);
          setPicking(false);
        }}
        {...(picking ? { projectOptions, onProjectChange: setManaging } : {})}
      />
    </Stack>
  );
}
