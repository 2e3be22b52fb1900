import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  NumberInput,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustmentsHorizontal,
  IconChartPie,
  IconDots,
  IconLock,
  IconLockOpen,
  IconSearch,
  IconShield,
  IconShieldOff,
  IconUsers,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AdminNav } from './AdminNav';
import { AnchorLink, placeholders, QueryError, SectionCard } from './AdminUi';
import { type AdminOutputs, formatCredits, formatDate, formatDateTime, formatInt, formatRelative, formatUsd } from './format';

type AdminUser = AdminOutputs['users']['users'][number];
const PAGE_SIZE = 15;

// ——— adjust credits ———

function AdjustCreditsModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm({
    mode: 'controlled',
    initialValues: { direction: 'add' as 'add' | 'remove', amount: '' as number | string, reason: '' },
    validate: {
      amount: (v, values) => {
        const n = typeof v === 'number' ? v : Number.NaN;
        if (!Number.isFinite(n) || n <= 0) return 'Enter a positive number of credits';
        if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return 'At most two decimals';
        if (n > 1_000_000) return 'At most 1,000,000 credits';
        if (values.direction === 'remove' && user && n > user.credits) return `The balance is ${formatCredits(user.credits)} credits`;
        return null;
      },
      reason: (v) => (v.trim().length < 3 ? 'Give a reason (at least 3 characters)' : null),
    },
  });
  const adjust = trpc.admin.adjustCredits.useMutation({
    onSuccess: (res) => {
      notifications.show({ color: 'teal', title: 'Credits adjusted', message: `${res.user.email} now has ${formatCredits(res.balance)} credits.` });
      void utils.admin.users.invalidate();
      void utils.admin.auditLog.invalidate();
      form.reset();
      onClose();
    },
  });
  const amount = typeof form.values.amount === 'number' ? form.values.amount : 0;
  const after = user ? user.credits + (form.values.direction === 'add' ? amount : -amount) : 0;
  return (
    <Modal opened={user !== null} onClose={onClose} title="Adjust credits" size="md">
      {user ? (
        <form
          onSubmit={form.onSubmit((values) =>
            adjust.mutate({
              id: user.id,
              amount: (values.direction === 'add' ? 1 : -1) * Number(values.amount),
              reason: values.reason.trim(),
              idempotencyKey,
            }),
          )}
        >
          <Stack gap="md">
            <Text size="sm">
              <Text span fw={600}>
                {user.email}
              </Text>{' '}
              has {formatCredits(user.credits)} credits. The change is written to their credit history with your reason.
            </Text>
            <SegmentedControl
              aria-label="Add or remove"
              data={[
                { value: 'add', label: 'Add credits' },
                { value: 'remove', label: 'Remove credits' },
              ]}
              {...form.getInputProps('direction')}
            />
            <NumberInput
              label="Credits"
              placeholder="e.g. 25"
              min={0}
              decimalScale={2}
              allowNegative={false}
              data-autofocus
              {...form.getInputProps('amount')}
            />
            <Textarea
              label="Reason"
              placeholder="e.g. Goodwill for a failed render"
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('reason')}
            />
            <Text size="sm" c="dimmed">
              Balance after: <strong>{formatCredits(Math.max(0, after))}</strong> credits
            </Text>
            {adjust.isError ? (
              <Text size="sm" c="red" role="alert">
                {errorMessage(adjust.error)}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={adjust.isPending}>
                {form.values.direction === 'add' ? 'Add credits' : 'Remove credits'}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

// ——— confirm role / status ———

type Pending = { kind: 'admin' | 'disabled'; user: AdminUser } | null;

function ConfirmModal({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const utils = trpc.useUtils();
  const done = (message: string) => {
    notifications.show({ color: 'teal', message });
    void utils.admin.users.invalidate();
    void utils.admin.auditLog.invalidate();
    onClose();
  };
  const setAdmin = trpc.admin.setAdmin.useMutation({
    onSuccess: (r) => done(r.user.isAdmin ? `${r.user.email} is now an admin.` : `${r.user.email} is no longer an admin.`),
  });
  const setDisabled = trpc.admin.setDisabled.useMutation({
    onSuccess: (r) => done(r.user.disabled ? `${r.user.email} is disabled and signed out everywhere.` : `${r.user.email} can sign in again.`),
  });
  if (!pending) return <Modal opened={false} onClose={onClose} title="" />;
  const { user, kind } = pending;
  const grant = kind === 'admin' && !user.isAdmin;
  const disable = kind === 'disabled' && !user.disabled;
  const title = kind === 'admin' ? (grant ? 'Grant admin' : 'Revoke admin') : disable ? 'Disable account' : 'Enable account';
  const text =
    kind === 'admin'
      ? grant
        ? `${user.email} will be able to open the admin console: users, money, models and prices.`
        : `${user.email} will lose access to the admin console.`
      : disable
        ? `${user.email} is signed out on every device at once and can't sign in again ('This account has been disabled') until you enable the account.`
        : `${user.email} will be able to sign in again.`;
  const mutation = kind === 'admin' ? setAdmin : setDisabled;
  return (
    <Modal opened onClose={onClose} title={title} size="md">
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {mutation.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorMessage(mutation.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={grant || (kind === 'disabled' && !disable) ? 'brand' : 'red'}
            loading={mutation.isPending}
            onClick={() =>
              kind === 'admin' ? setAdmin.mutate({ id: user.id, isAdmin: grant }) : setDisabled.mutate({ id: user.id, disabled: disable })
            }
          >
            {title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// ——— table ———

function RowActions({
  user,
  isSelf,
  onAdjust,
  onConfirm,
}: {
  user: AdminUser;
  isSelf: boolean;
  onAdjust: () => void;
  onConfirm: (kind: 'admin' | 'disabled') => void;
}) {
  const navigate = useNavigate();
  const selfHint = isSelf ? 'Not on your own account' : undefined;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={230}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.email}`} data-testid="user-actions">
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />} onClick={onAdjust}>
          Adjust credits
        </Menu.Item>
        <Menu.Item
          leftSection={<IconChartPie size={16} aria-hidden />}
          onClick={() => void navigate({ to: '/admin/profitability/users/$userId', params: { userId: user.id } })}
        >
          View profitability
        </Menu.Item>
        <Menu.Divider />
        <Tooltip label={selfHint} disabled={!isSelf} position="left">
          <div>
            <Menu.Item
              leftSection={user.isAdmin ? <IconShieldOff size={16} aria-hidden /> : <IconShield size={16} aria-hidden />}
              disabled={isSelf}
              onClick={() => onConfirm('admin')}
            >
              {user.isAdmin ? 'Revoke admin' : 'Grant admin'}
            </Menu.Item>
          </div>
        </Tooltip>
        <Tooltip label={selfHint} disabled={!isSelf} position="left">
          <div>
            <Menu.Item
              color={user.disabled ? undefined : 'red'}
              leftSection={user.disabled ? <IconLockOpen size={16} aria-hidden /> : <IconLock size={16} aria-hidden />}
              disabled={isSelf}
              onClick={() => onConfirm('disabled')}
            >
              {user.disabled ? 'Enable account' : 'Disable account'}
            </Menu.Item>
          </div>
        </Tooltip>
      </Menu.Dropdown>
    </Menu>
  );
}

function UsersTable({
  users,
  selfId,
  dimmed,
  onAdjust,
  onConfirm,
}: {
  users: AdminUser[];
  selfId: string | undefined;
  dimmed: boolean;
  onAdjust: (u: AdminUser) => void;
  onConfirm: (p: Pending) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Users" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
            <Table.Th ta="right">Spent</Table.Th>
            <Table.Th ta="right">Generations</Table.Th>
            <Table.Th ta="right">Purchases</Table.Th>
            <Table.Th>Last active</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ opacity: dimmed ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {users.map((u) => (
            <Table.Tr key={u.id} data-testid="user-row" data-email={u.email}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <AnchorLink to="/admin/profitability/users/$userId" params={{ userId: u.id }} size="sm" fw={600}>
                    {u.email}
                  </AnchorLink>
                  {u.id === selfId ? (
                    <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                      you
                    </Badge>
                  ) : null}
                  {u.isAdmin ? (
                    <Badge
                      size="xs"
                      variant="light"
                      color="brand"
                      leftSection={<IconShield size={10} aria-hidden />}
                      style={{ flexShrink: 0 }}
                      data-testid="badge-admin"
                    >
                      admin
                    </Badge>
                  ) : null}
                  {u.disabled ? (
                    <Badge size="xs" variant="light" color="red" style={{ flexShrink: 0 }} data-testid="badge-disabled">
                      disabled
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td ta="right" ff="monospace" fz="sm" data-testid="user-balance">
                {formatCredits(u.credits)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace" fz="sm">
                {formatCredits(u.creditsSpent)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace" fz="sm">
                {formatInt(u.generations)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace" fz="sm">
                {formatUsd(u.purchasesUsd)}
              </Table.Td>
              <Table.Td>
                <Tooltip label={formatDateTime(u.lastActiveAt)} disabled={!u.lastActiveAt}>
                  <Text size="sm" c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
                    {formatRelative(u.lastActiveAt)}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(u.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActions user={u} isSelf={u.id === selfId} onAdjust={() => onAdjust(u)} onConfirm={(kind) => onConfirm({ kind, user: u })} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const ACTION_LABELS: Record<string, string> = {
  'user.credits_adjusted': 'adjusted the credits of',
  'user.admin_granted': 'granted admin to',
  'user.admin_revoked': 'revoked admin from',
  'user.disabled': 'disabled',
  'user.enabled': 'enabled',
};

function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  if (after && typeof after.amount === 'number') {
    const sign = after.amount > 0 ? '+' : '';
    return `${sign}${formatCredits(after.amount)} credits (${formatCredits(Number(before?.credits ?? 0))} → ${formatCredits(Number(after.credits ?? 0))}) — “${String(after.reason ?? '')}”`;
  }
  return '';
}

function RecentChanges() {
  const audit = trpc.admin.auditLog.useQuery({ limit: 8, offset: 0, targetType: 'user' });
  return (
    <SectionCard title="Recent changes" description="Every change to an account is recorded: who, what, when, before and after." testId="audit">
      {audit.isLoading ? (
        <Stack gap="xs">
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
        </Stack>
      ) : audit.isError ? (
        <QueryError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data?.entries.length ? (
        <Timeline bulletSize={14} lineWidth={2} active={audit.data.entries.length}>
          {audit.data.entries.map((e) => (
            <Timeline.Item key={e.id} data-testid="audit-entry">
              <Text size="sm">
                <Text span fw={600}>
                  {e.actorEmail ?? 'An admin'}
                </Text>{' '}
                {ACTION_LABELS[e.action] ?? e.action}{' '}
                <Text span fw={600}>
                  {e.targetLabel ?? 'a user'}
                </Text>
              </Text>
              {describeChange(e.before, e.after) ? (
                <Text size="xs" c="dimmed">
                  {describeChange(e.before, e.after)}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {formatDateTime(e.createdAt)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Text size="sm" c="dimmed">
          No changes yet.
        </Text>
      )}
    </SectionCard>
  );
}

/** /admin/users — accounts, balances and roles; adjust credits, grant/revoke admin, disable/enable. */
export function AdminUsersScreen() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const users = trpc.admin.users.useQuery(
    { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, ...(debounced ? { search: debounced } : {}) },
    { placeholderData: (prev) => prev },
  );
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  let body: React.ReactNode;
  if (users.isError && !users.data) body = <QueryError error={users.error} onRetry={() => void users.refetch()} title="Could not load the users" />;
  else if (!users.data)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading users">
        {placeholders(6).map((k) => (
          <Skeleton key={k} height={36} />
        ))}
      </Stack>
    );
  else if (users.data.users.length === 0)
    body = (
      <ScreenEmptyState
        icon={<IconUsers size={26} stroke={1.6} />}
        title={debounced ? 'No user matches this e-mail' : 'No users to show'}
        description={debounced ? `Nobody's e-mail contains “${debounced}”.` : 'Accounts appear here as people sign up.'}
      />
    );
  else
    body = (
      <Stack gap="md">
        <UsersTable
          users={users.data.users}
          selfId={me?.id}
          dimmed={users.isFetching && users.isPlaceholderData}
          onAdjust={setAdjusting}
          onConfirm={setPending}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {formatInt(total)} {total === 1 ? 'user' : 'users'}
          </Text>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Pages of users" /> : null}
        </Group>
      </Stack>
    );

  return (
    <>
      <AdminNav />
      <Stack gap="lg">
        <ScreenHeader eyebrow="Admin" title="Users" description="Everyone with an account: balance, usage, role and status." />
        <Card padding="lg">
          <Stack gap="md">
            <TextInput
              label="Search by e-mail"
              placeholder="name@example.com"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              maw={420}
              data-testid="user-search"
            />
            {body}
          </Stack>
        </Card>
        <RecentChanges />
      </Stack>
      <AdjustCreditsModal key={adjusting?.id ?? 'none'} user={adjusting} onClose={() => setAdjusting(null)} />
      <ConfirmModal pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
