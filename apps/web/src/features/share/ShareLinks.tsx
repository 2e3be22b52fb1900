import type { AppRouter } from '@atelier/api/router';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Popover,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconExternalLink, IconLink, IconLinkOff } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { QueryError } from '../../components/feedback/QueryError';
import { useAuth } from '../../lib/auth/useAuth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

export type ShareLinkItem = inferRouterOutputs<AppRouter>['share']['list']['links'][number];

const STATUS_META: Record<ShareLinkItem['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  revoked: { label: 'Revoked', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
};

const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never (until revoked)' },
  { value: '1', label: 'In 1 day' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
];

/** The full public address of a link (its path is relative to the web app). */
export const shareUrl = (path: string) => `${window.location.origin}${path}`;

function formatDate(iso: string) {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** One link: its address (copy, open), status, expiry and a revoke button. */
export function ShareLinkRow({ link, showTitle = false }: { link: ShareLinkItem; showTitle?: boolean }) {
  const { isAuthenticated } = useAuth();
  const utils = trpc.useUtils();
  const revoke = trpc.share.revoke.useMutation({
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: 'Link revoked: it no longer opens' });
      await utils.share.list.invalidate();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Could not revoke the link', message: errorMessage(e) }),
  });
  const [confirming, setConfirming] = useState(false);
  const status = STATUS_META[link.status];
  const url = shareUrl(link.path);
  return (
    <Stack gap={4} data-testid="share-link" data-status={link.status}>
      {showTitle ? (
        <Text size="sm" fw={550} lineClamp={1}>
          {link.kind === 'export' ? 'Export: ' : ''}
          {link.title}
        </Text>
      ) : null}
      <Group gap="xs" wrap="nowrap">
        <TextInput value={url} readOnly size="xs" style={{ flex: 1, minWidth: 0 }} aria-label="Share link address" data-testid="share-link-url" />
        <CopyButton value={url} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy link'}>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label="Copy link" disabled={link.status !== 'active'}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
        <Tooltip label="Open the public page">
          <ActionIcon component="a" href={link.path} target="_blank" rel="noopener" variant="subtle" color="gray" aria-label="Open the public page">
            <IconExternalLink size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="space-between" gap="xs">
        <Group gap={6}>
          <Badge size="sm" variant="light" color={status.color}>
            {status.label}
          </Badge>
          <Text size="xs" c="dimmed">
            {link.status === 'revoked' && link.revokedAt
              ? `Revoked ${formatDate(link.revokedAt)}`
              : link.expiresAt
                ? `${link.status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(link.expiresAt)}`
                : 'Never expires'}
          </Text>
        </Group>
        {link.status === 'active' && isAuthenticated ? (
          <Popover opened={confirming} onChange={setConfirming} position="bottom-end" withArrow shadow="md" trapFocus>
            <Popover.Target>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconLinkOff size={14} aria-hidden />}
                loading={revoke.isPending}
                onClick={() => setConfirming((o) => !o)}
              >
                Revoke
              </Button>
            </Popover.Target>
            <Popover.Dropdown maw={280} data-testid="revoke-confirm">
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  Revoke this link?
                </Text>
                <Text size="xs" c="dimmed">
                  It stops opening at once for everyone who has it. This cannot be undone; you can make a new link later.
                </Text>
                <Group justify="flex-end" gap="xs">
                  <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
                    Keep it
                  </Button>
                  <Button
                    size="compact-sm"
                    color="red"
                    loading={revoke.isPending}
                    onClick={() => {
                      setConfirming(false);
                      revoke.mutate({ id: link.id });
                    }}
                  >
                    Revoke link
                  </Button>
                </Group>
              </Stack>
            </Popover.Dropdown>
          </Popover>
        ) : null}
      </Group>
    </Stack>
  );
}

export type ShareTarget = { generationId: string; exportId?: undefined } | { exportId: string; generationId?: undefined };

/** Make and manage the public links of one generation or one export. */
export function ShareLinkModal({ target, opened, onClose }: { target: ShareTarget; opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [expiry, setExpiry] = useState('never');
  const links = trpc.share.list.useQuery(target, { enabled: opened });
  const create = trpc.share.create.useMutation({
    onSuccess: async (r) => {
      await utils.share.list.invalidate();
      try {
        await navigator.clipboard?.writeText(shareUrl(r.link.path));
        notifications.show({
          color: 'teal',
          title: 'Public link created',
          message: 'Copied to the clipboard. Anyone with it can view this — revoke it at any time.',
        });
      } catch {
        notifications.show({ color: 'teal', title: 'Public link created', message: 'Anyone with the link can view this. Revoke it at any time.' });
      }
    },
  });
  const active = links.data?.links ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>Share a public link</Text>}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Anyone with the link sees this {target.exportId ? 'export' : 'result'} and its prompt — nothing else of your account. You can revoke a link
          at any time.
        </Text>
        <Group align="flex-end" gap="xs">
          <Select
            label="Link expires"
            data={EXPIRY_OPTIONS}
            value={expiry}
            onChange={(v) => setExpiry(v ?? 'never')}
            allowDeselect={false}
            style={{ flex: 1 }}
          />
          <Button
            leftSection={<IconLink size={16} aria-hidden />}
            loading={create.isPending}
            onClick={() => create.mutate({ ...target, expiresInDays: expiry === 'never' ? null : Number(expiry) })}
            data-testid="share-create"
          >
            Create link
          </Button>
        </Group>
        {create.error ? (
          <Alert color="red" variant="light">
            {errorMessage(create.error)}
          </Alert>
        ) : null}
        {links.isPending ? (
          <Skeleton h={60} />
        ) : links.isError ? (
          <QueryError error={links.error} onRetry={() => void links.refetch()} title="Could not load the links" />
        ) : active.length === 0 ? (
          <Text size="sm" c="dimmed">
            No links yet.
          </Text>
        ) : (
          <Stack gap="md">
            {active.map((l) => (
              <ShareLinkRow key={l.id} link={l} />
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
