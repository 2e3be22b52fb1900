import { ActionIcon, Alert, Badge, Button, Card, Group, Menu, Modal, Skeleton, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDots, IconKey, IconList, IconPlus, IconSend, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CreateWebhookDialog } from './CreateWebhookDialog';
import { DeliveriesDrawer } from './DeliveriesDrawer';
import { SecretModal } from './SecretModal';
import { formatWhen, STATUS_COLOR, type WebhookView } from './types';

/** Profile → Webhooks: endpoints, their secrets, test events and the delivery log. */
export function WebhooksCard() {
  const utils = trpc.useUtils();
  const list = trpc.webhooks.list.useQuery();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [logOf, setLogOf] = useState<WebhookView | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'delete' | 'rotate'; webhook: WebhookView } | null>(null);
  const refresh = () => void utils.webhooks.list.invalidate();
  const fail = (title: string) => (e: unknown) => notifications.show({ color: 'red', title, message: errorMessage(e) });

  const update = trpc.webhooks.update.useMutation({ onSuccess: refresh, onError: fail('Not changed') });
  const remove = trpc.webhooks.delete.useMutation({
    onSuccess: () => {
      setConfirm(null);
      refresh();
      notifications.show({ color: 'teal', title: 'Webhook deleted', message: 'The endpoint and its delivery log were removed.' });
    },
    onError: fail('Not deleted'),
  });
  const rotate = trpc.webhooks.rotateSecret.useMutation({
    onSuccess: (res) => {
      setConfirm(null);
      refresh();
      setSecret({ value: res.secret, rotated: true });
    },
    onError: fail('Secret not rotated'),
  });
  const test = trpc.webhooks.test.useMutation({
    onSuccess: () => {
      track('webhook_test_sent');
      refresh();
      void utils.webhooks.deliveries.invalidate();
      notifications.show({ color: 'teal', title: 'Test event sent', message: 'A signed webhook.test event is on its way; see Deliveries.' });
    },
    onError: fail('Test event not sent'),
  });

  const disabledByUs = list.data?.webhooks.filter((w) => !w.enabled && w.disabledReason) ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="webhooks-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="lg">
              Webhooks
            </Title>
            <Text size="sm" c="dimmed">
              Signed HTTP callbacks (Standard Webhooks) when generations and exports finish, SEO articles go live or credits run low.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Add endpoint
          </Button>
        </Group>
        {disabledByUs.map((w) => (
          <Alert
            key={w.id}
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={`Disabled: ${w.url}`}
            data-testid="webhook-disabled-notice"
          >
            {w.disabledReason}
          </Alert>
        ))}
        {list.isPending ? (
          <Stack gap="xs">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : list.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Your webhooks could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(list.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : list.data.webhooks.length === 0 ? (
          <ScreenEmptyState
            icon={<IconWebhook size={26} stroke={1.6} />}
            title="No webhooks yet"
            description="Add an endpoint and your server hears about finished generations and exports as they happen, instead of polling."
            actions={
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                Add endpoint
              </Button>
            }
          />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" data-testid="webhooks-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Endpoint</Table.Th>
                  <Table.Th>Events</Table.Th>
                  <Table.Th>Last delivery</Table.Th>
                  <Table.Th>Enabled</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.webhooks.map((w) => (
                  <Table.Tr key={w.id} data-testid="webhook-row">
                    <Table.Td style={{ maxWidth: 280 }}>
                      <Text size="sm" ff="monospace" truncate="end" title={w.url}>
                        {w.url}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        {w.description || 'No description'} · secret {w.secretHint}
                        {w.previousSecretExpiresAt ? ` · old secret signs until ${formatWhen(w.previousSecretExpiresAt)}` : ''}
                      </Text>
                      {w.readOnly ? (
                        <Badge size="xs" variant="outline" mt={4}>
                          Demo · read-only
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {w.events.map((e) => (
                          <Badge key={e} size="xs" variant="light" tt="none">
                            {e}
                            {e === 'credits.low' && w.creditsLowThreshold !== null ? ` < ${w.creditsLowThreshold}` : ''}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {w.lastDelivery ? (
                        <Group gap={6} wrap="nowrap">
                          <Badge size="sm" variant="light" color={STATUS_COLOR[w.lastDelivery.status] ?? 'gray'}>
                            {w.lastDelivery.statusCode ?? w.lastDelivery.status.toLowerCase()}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {formatWhen(w.lastDelivery.at)}
                          </Text>
                        </Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          None yet
                        </Text>
                      )}
                      {w.failingSince && w.enabled ? (
                        <Text size="xs" c="orange">
                          Failing since {formatWhen(w.failingSince)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={w.enabled}
                        disabled={w.readOnly || update.isPending}
                        onChange={(e) => update.mutate({ id: w.id, enabled: e.currentTarget.checked })}
                        aria-label={w.enabled ? 'Disable endpoint' : 'Enable endpoint'}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label="Deliveries">
                          <ActionIcon variant="subtle" color="gray" onClick={() => setLogOf(w)} aria-label="Deliveries">
                            <IconList size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        {w.readOnly ? null : (
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon variant="subtle" color="gray" aria-label="More actions">
                                <IconDots size={16} aria-hidden />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                leftSection={<IconSend size={14} aria-hidden />}
                                disabled={!w.enabled}
                                onClick={() => test.mutate({ id: w.id })}
                              >
                                Send test event
                              </Menu.Item>
                              <Menu.Item leftSection={<IconKey size={14} aria-hidden />} onClick={() => setConfirm({ kind: 'rotate', webhook: w })}>
                                Rotate secret
                              </Menu.Item>
                              <Menu.Divider />
                              <Menu.Item
                                color="red"
                                leftSection={<IconTrash size={14} aria-hidden />}
                                onClick={() => setConfirm({ kind: 'delete', webhook: w })}
                              >
                                Delete
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <CreateWebhookDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(value) => {
          setCreating(false);
          setSecret({ value, rotated: false });
        }}
      />
      <SecretModal secret={secret?.value ?? null} rotated={secret?.rotated ?? false} onClose={() => setSecret(null)} />
      <DeliveriesDrawer webhook={logOf} onClose={() => setLogOf(null)} />
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm?.kind === 'delete' ? 'Delete this webhook?' : 'Rotate the signing secret?'}
        centered
      >
        <Stack>
          <Text size="sm">
            {confirm?.kind === 'delete'
              ? `${confirm.webhook.url} stops receiving events and its delivery log is removed. This cannot be undone.`
              : 'A new secret starts signing now. The current one keeps signing alongside it for 24 hours, then stops.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            {confirm?.kind === 'delete' ? (
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: confirm.webhook.id })}>
                Delete webhook
              </Button>
            ) : (
              <Button loading={rotate.isPending} onClick={() => confirm && rotate.mutate({ id: confirm.webhook.id })}>
                Rotate secret
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
