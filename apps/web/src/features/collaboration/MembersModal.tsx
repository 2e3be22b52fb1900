import { ActionIcon, Alert, Badge, Button, Group, Modal, Select, Skeleton, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCrown, IconLogout, IconMailForward, IconSend, IconUserMinus, IconUserPlus, IconX } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { QueryError } from '../../components/feedback/QueryError';
import { useAuth } from '../../lib/auth/useAuth';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { emailProblem } from '../../lib/validation';
import { ROLE_META, type Role } from './roles';

/** The role's name fits the select; what it may do is shown in full under it and in the options (never cut). */
const ROLE_OPTIONS = [
  { value: 'viewer', label: 'Viewer' },
  { value: 'editor', label: 'Editor' },
];
const ROLE_HINT: Record<string, string> = {
  viewer: 'Can look, not change.',
  editor: 'Can edit and generate (charged to their own credits).',
};

interface MembersModalProps {
  projectId: string | null;
  onClose: () => void;
  /** Lets the owner pick which of their projects to manage (the /collaboration invite button). */
  projectOptions?: { value: string; label: string }[];
  onProjectChange?: (id: string) => void;
}

/**
 * Members of one project: the owner invites by e-mail (viewer or editor; a link is mailed), changes
 * roles, removes people, and resends or revokes pending invitations; a collaborator sees who is in and may leave.
 */
export function MembersModal({ projectId, onClose, projectOptions, onProjectChange }: MembersModalProps) {
  const { isAuthenticated, user } = useAuth();
  const guard = useRequireLogin();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const members = trpc.collaboration.collaborators.useQuery({ id: projectId ?? '' }, { enabled: projectId !== null });
  const refresh = async () => {
    await Promise.all([utils.collaboration.invalidate(), utils.projects.list.invalidate()]);
  };
  const invite = trpc.collaboration.invite.useMutation();
  const changeRole = trpc.collaboration.changeRole.useMutation({
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: `${r.collaborator.email} is now ${ROLE_META[r.collaborator.role].article}` });
      await refresh();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Could not change the role', message: errorMessage(e) }),
  });
  const remove = trpc.collaboration.remove.useMutation({
    onError: (e) => notifications.show({ color: 'red', title: 'Could not remove', message: errorMessage(e) }),
  });
  const cancel = trpc.collaboration.cancelInvite.useMutation({
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: 'Invitation revoked: its link no longer works' });
      await refresh();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Could not revoke the invitation', message: errorMessage(e) }),
  });
  const resend = trpc.collaboration.resendInvite.useMutation({
    onSuccess: async (r) => {
      notifications.show({ color: 'teal', message: `A new link is on its way to ${r.invite.email} (valid for 7 days)` });
      await refresh();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Could not resend the invitation', message: errorMessage(e) }),
  });

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', role: 'viewer' as Role },
    validate: {
      email: emailProblem,
    },
  });

  const data = members.data;
  const isOwner = data?.viewerRole === 'owner';
  const canManage = isOwner && isAuthenticated;

  const submit = form.onSubmit((values) =>
    guard('editCollaborators', async () => {
      if (!projectId) return;
      try {
        const r = await invite.mutateAsync({ id: projectId, email: values.email.trim(), role: values.role });
        notifications.show({
          color: 'teal',
          title: 'Invitation sent',
          message: `${r.invite.email} gets a link by e-mail (valid for 7 days). They join as ${ROLE_META[values.role].article} once they accept it.`,
        });
        form.setFieldValue('email', '');
        invite.reset();
        await refresh();
      } catch {
        /* shown below the form */
      }
    }),
  );

  const leave = async () => {
    if (!projectId || !user) return;
    try {
      await remove.mutateAsync({ id: projectId, userId: user.id });
      notifications.show({ color: 'teal', message: 'You left the project' });
      await refresh();
      onClose();
      void navigate({ to: '/collaboration' });
    } catch {
      /* toast */
    }
  };

  const removeMember = async (userId: string, email: string) => {
    if (!projectId) return;
    try {
      await remove.mutateAsync({ id: projectId, userId });
      notifications.show({ color: 'teal', message: `${email} no longer has access` });
      await refresh();
    } catch {
      /* toast */
    }
  };

  return (
    <Modal
      opened={projectId !== null}
      onClose={onClose}
      size="lg"
      title={<Text fw={650}>{data ? `Members of “${data.projectName}”` : 'Members'}</Text>}
    >
      <Stack gap="md">
        {projectOptions && projectOptions.length > 1 ? (
          <Select
            label="Project"
            data={projectOptions}
            value={projectId}
            allowDeselect={false}
            onChange={(v) => v && onProjectChange?.(v)}
            data-testid="members-project-select"
          />
        ) : null}

        {members.isError ? (
          <QueryError error={members.error} onRetry={() => void members.refetch()} title="Could not load the members" />
        ) : !data ? (
          <Stack gap="xs">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : (
          <>
            {isOwner ? (
              <form onSubmit={submit} noValidate>
                <Stack gap="xs">
                  <Group align="flex-start" gap="xs" wrap="wrap">
                    <TextInput
                      label="Invite by e-mail"
                      placeholder="name@example.com"
                      type="email"
                      style={{ flex: '1 1 220px' }}
                      data-testid="invite-email"
                      {...form.getInputProps('email')}
                    />
                    <Select
                      label="Role"
                      data={ROLE_OPTIONS}
                      allowDeselect={false}
                      w={{ base: '100%', xs: 250 }}
                      data-testid="invite-role"
                      description={ROLE_HINT[String(form.values.role)]}
                      renderOption={({ option }) => (
                        <Stack gap={0}>
                          <Text size="sm">{option.label}</Text>
                          <Text size="xs" c="dimmed">
                            {ROLE_HINT[option.value]}
                          </Text>
                        </Stack>
                      )}
                      {...form.getInputProps('role')}
                    />
                  </Group>
                  {invite.error ? (
                    <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid="invite-error">
                      {errorMessage(invite.error)}
                    </Alert>
                  ) : null}
                  <Group justify="flex-end">
                    <Button type="submit" loading={invite.isPending} leftSection={<IconUserPlus size={16} aria-hidden />} data-testid="invite-submit">
                      Invite
                    </Button>
                  </Group>
                </Stack>
              </form>
            ) : (
              <Alert color="gray" variant="light" title={`You are ${ROLE_META[data.viewerRole].article} on this project`}>
                Only the owner can invite people or change roles.
              </Alert>
            )}

            <Table verticalSpacing="xs" layout="fixed" data-testid="members-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Person</Table.Th>
                  <Table.Th w={140}>Role</Table.Th>
                  <Table.Th w={72} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>
                    <Text size="sm" truncate="end">
                      {data.owner.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={ROLE_META.owner.color} leftSection={<IconCrown size={12} aria-hidden />}>
                      Owner
                    </Badge>
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
                {data.collaborators.map((c) => (
                  <Table.Tr key={c.userId} data-testid="member-row" data-email={c.email}>
                    <Table.Td>
                      <Text size="sm" truncate="end">
                        {c.email}
                        {c.userId === user?.id ? ' (you)' : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {canManage ? (
                        <Select
                          size="xs"
                          aria-label={`Role of ${c.email}`}
                          data={[
                            { value: 'viewer', label: 'Viewer' },
                            { value: 'editor', label: 'Editor' },
                          ]}
                          value={c.role}
                          allowDeselect={false}
                          disabled={changeRole.isPending}
                          onChange={(v) => v && v !== c.role && projectId && changeRole.mutate({ id: projectId, userId: c.userId, role: v as Role })}
                        />
                      ) : (
                        <Badge variant="light" color={ROLE_META[c.role].color}>
                          {ROLE_META[c.role].label}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {canManage ? (
                        <Tooltip label="Remove access">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${c.email}`}
                            loading={remove.isPending && remove.variables?.userId === c.userId}
                            onClick={() => void removeMember(c.userId, c.email)}
                          >
                            <IconUserMinus size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {data.invites.map((i) => (
                  <Table.Tr key={i.id} data-testid="invite-row">
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <IconMailForward size={14} color="var(--mantine-color-dimmed)" aria-hidden />
                        <Text size="sm" c="dimmed" truncate="end">
                          {i.email} · {i.status === 'expired' ? 'invitation expired' : 'invitation sent'}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={ROLE_META[i.role].color}>
                        {ROLE_META[i.role].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {canManage ? (
                        <Group gap={2} wrap="nowrap">
                          <Tooltip label="Resend the invitation">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Resend the invitation to ${i.email}`}
                              loading={resend.isPending && resend.variables?.inviteId === i.id}
                              onClick={() => projectId && resend.mutate({ id: projectId, inviteId: i.id })}
                            >
                              <IconSend size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Revoke the invitation">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Revoke the invitation for ${i.email}`}
                              loading={cancel.isPending && cancel.variables?.inviteId === i.id}
                              onClick={() => projectId && cancel.mutate({ id: projectId, inviteId: i.id })}
                            >
                              <IconX size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {data.collaborators.length === 0 && data.invites.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nobody else has access yet.
              </Text>
            ) : null}

            {!isOwner && isAuthenticated ? (
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconLogout size={16} aria-hidden />}
                  loading={remove.isPending}
                  onClick={() => void leave()}
                >
                  Leave project
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Modal>
  );
}
