import { displayCredits } from '@atelier/shared';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCamera, IconDownload, IconLogin2, IconMailForward, IconTrash, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { track } from '../../lib/analytics';
import { signOutLocally } from '../../lib/auth/store';
import { useAuth } from '../../lib/auth/useAuth';
import { errorFields, errorMessage } from '../../lib/errors';
import { openLoginModal } from '../../lib/loginPrompt';
import { trpc } from '../../lib/trpc';
import { emailProblem } from '../../lib/validation';
import { ApiKeysSection } from '../api-keys/ApiKeysSection';
import { fileToDataUrl, imageFileProblem } from '../brand-kit/fileToDataUrl';
import { WebhooksCard } from '../webhooks/WebhooksCard';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function ChangePasswordCard() {
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: {
      currentPassword: (v) => (v ? null : 'Current password is required'),
      newPassword: (v) => (v.length < 8 ? 'Password must be at least 8 characters' : null),
      confirm: (v, all) => (v === all.newPassword ? null : 'Passwords do not match'),
    },
  });
  const change = trpc.profile.changePassword.useMutation({
    onSuccess: () => {
      form.reset();
      notifications.show({ color: 'teal', title: 'Password changed', message: 'Your other sessions were signed out.' });
    },
    onError: (e) => {
      const message = errorMessage(e);
      if (/current password/i.test(message)) form.setFieldError('currentPassword', message);
      else notifications.show({ color: 'red', title: 'Password not changed', message });
    },
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={form.onSubmit((v) => change.mutate({ currentPassword: v.currentPassword, newPassword: v.newPassword }))}>
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Change password
            </Title>
            <Text size="sm" c="dimmed">
              Every other device you are signed in on is signed out.
            </Text>
          </div>
          <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" {...form.getInputProps('confirm')} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ChangeEmailCard({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: { newEmail: '', password: '' },
    validate: {
      newEmail: (v) => emailProblem(v) ?? (v.trim().toLowerCase() === email.toLowerCase() ? 'That is already your e-mail address' : null),
      password: (v) => (v ? null : 'Password is required'),
    },
  });
  const change = trpc.profile.requestEmailChange.useMutation({
    onSuccess: (r) => {
      form.reset();
      void utils.profile.get.invalidate();
      notifications.show({
        color: 'teal',
        title: 'Confirm the new address',
        message: `We sent a link to ${r.pendingEmail}. Your address changes once you open it.`,
      });
    },
    onError: (e) => {
      const fields = errorFields(e).filter((f) => f.path === 'newEmail' || f.path === 'password');
      for (const f of fields) form.setFieldError(f.path, f.message);
      if (!fields.length) notifications.show({ color: 'red', title: 'E-mail not changed', message: errorMessage(e) });
    },
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={form.onSubmit((v) => change.mutate({ newEmail: v.newEmail.trim(), password: v.password }))}>
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Change e-mail address
            </Title>
            <Text size="sm" c="dimmed">
              We mail a confirmation link to the new address; {email} gets a notice once it changes.
            </Text>
          </div>
          {pendingEmail ? (
            <Alert color="blue" variant="light" icon={<IconMailForward size={18} aria-hidden />} data-testid="pending-email">
              Waiting for you to open the link sent to <b>{pendingEmail}</b>.
            </Alert>
          ) : null}
          <TextInput label="New e-mail address" type="email" autoComplete="email" {...form.getInputProps('newEmail')} />
          <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Send confirmation link
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function DataCard({ email }: { email: string }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const del = trpc.profile.deleteAccount.useMutation({
    onSuccess: () => {
      setConfirmOpen(false);
      signOutLocally();
      notifications.show({ color: 'teal', title: 'Account deleted', message: 'Your account, its data and media were removed.' });
      void navigate({ to: '/' });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Account not deleted', message: errorMessage(e) }),
  });
  const exportData = async () => {
    setExporting(true);
    try {
      const data = await utils.profile.exportData.fetch();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `atelier-data-${data.exportedAt.slice(0, 10)}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(e) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Your data
          </Title>
          <Text size="sm" c="dimmed">
            Download everything we hold about you, or delete your account for good.
          </Text>
        </div>
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Text size="sm">Projects, generations (metadata), credit ledger, prompts and brand kit as JSON.</Text>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={() => void exportData()}
            style={{ flexShrink: 0 }}
          >
            Export my data
          </Button>
        </Group>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Delete account">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Removes your projects, generations, media, prompts, brand kit and credit balance. This cannot be undone.</Text>
            <Button
              color="red"
              variant="light"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => {
                setTyped('');
                setConfirmOpen(true);
              }}
            >
              Delete my account
            </Button>
          </Stack>
        </Alert>
      </Stack>
      <Modal opened={confirmOpen} onClose={() => setConfirmOpen(false)} title="Delete your account?" centered>
        <Stack>
          <Text size="sm">
            Type <b>{email}</b> to confirm. Your data and media are removed immediately and unused credits are lost.
          </Text>
          <TextInput label="Your e-mail address" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              disabled={typed.trim().toLowerCase() !== email.toLowerCase()}
              loading={del.isPending}
              onClick={() => del.mutate({ confirmEmail: typed })}
            >
              Delete account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** /profile — e-mail (verified or not, and changing it), member since, balance, picture, password, data export and account deletion. */
export function ProfileScreen() {
  const { user, isAuthenticated } = useAuth();
  const utils = trpc.useUtils();
  const profile = trpc.profile.get.useQuery(undefined, { enabled: isAuthenticated });
  const [pictureError, setPictureError] = useState<string | null>(null);
  const upload = trpc.profile.uploadAvatar.useMutation({
    onSuccess: () => {
      track('user_profile_uploaded', { source: 'profile' });
      void utils.profile.get.invalidate();
      notifications.show({ color: 'teal', title: 'Picture updated', message: 'Your new profile picture is saved.' });
    },
    onError: (e) => setPictureError(errorMessage(e)),
  });
  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    setPictureError(problem);
    if (!problem) upload.mutate({ image: await fileToDataUrl(file) });
  };

  return (
    <Stack gap="lg">
      <ScreenHeader eyebrow="Account" title="Profile" description="Your account details, balance, e-mail address, password and data." />
      {!isAuthenticated || !user ? (
        <ScreenEmptyState
          icon={<IconUserCircle size={26} stroke={1.6} />}
          title="You are browsing as a guest"
          description="Log in or create an account to get a profile, a credit balance and a place to save your work."
          actions={
            <Button leftSection={<IconLogin2 size={16} aria-hidden />} onClick={() => openLoginModal('login')}>
              Login
            </Button>
          }
        />
      ) : profile.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Your profile could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(profile.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Card withBorder radius="lg" padding="lg">
            <Group gap="lg" align="flex-start" wrap="wrap">
              <Stack gap="xs" align="center">
                <Avatar
                  size={88}
                  radius={88}
                  color="brand"
                  variant="light"
                  src={profile.data?.avatarUrl ?? null}
                  name={user.email}
                  alt="Profile picture"
                />
                <FileButton onChange={(f) => void pick(f)} accept="image/png,image/jpeg,image/webp">
                  {(props) => (
                    <Button {...props} size="xs" variant="default" leftSection={<IconCamera size={14} aria-hidden />} loading={upload.isPending}>
                      Change picture
                    </Button>
                  )}
                </FileButton>
                {pictureError ? (
                  <Text size="xs" c="red" maw={160} ta="center">
                    {pictureError}
                  </Text>
                ) : null}
              </Stack>
              <Stack gap="lg" style={{ flex: 1, minWidth: 240 }}>
                <div>
                  <Group gap="xs">
                    <Title order={2} fz="lg" data-testid="profile-email" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                      {user.email}
                    </Title>
                    {user.isAdmin ? <Badge variant="light">Admin</Badge> : null}
                    {user.emailVerified ? (
                      <Badge variant="light" color="teal" data-testid="email-verified-badge">
                        Verified
                      </Badge>
                    ) : (
                      <Badge variant="light" color="yellow" data-testid="email-unverified-badge">
                        Not verified
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    Member since {formatDate(profile.data?.createdAt ?? user.createdAt)}
                  </Text>
                </div>
                <SimpleGrid cols={{ base: 2, sm: 4 }}>
                  <Stat label="Balance" value={`${displayCredits(user.credits).toLocaleString('en-US')} credits`} testId="profile-balance" />
                  {profile.isPending ? (
                    <>
                      <Skeleton h={48} />
                      <Skeleton h={48} />
                      <Skeleton h={48} />
                    </>
                  ) : (
                    <>
                      <Stat label="Projects" value={profile.data.counts.projects.toLocaleString('en-US')} />
                      <Stat label="Generations" value={profile.data.counts.generations.toLocaleString('en-US')} />
                      <Stat label="Saved prompts" value={profile.data.counts.prompts.toLocaleString('en-US')} />
                    </>
                  )}
                </SimpleGrid>
              </Stack>
            </Group>
          </Card>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ChangePasswordCard />
            <ChangeEmailCard email={user.email} pendingEmail={profile.data?.pendingEmail ?? null} />
            <DataCard email={user.email} />
          </SimpleGrid>
          <ApiKeysSection />
          <WebhooksCard />
        </>
      )}
    </Stack>
  );
}
