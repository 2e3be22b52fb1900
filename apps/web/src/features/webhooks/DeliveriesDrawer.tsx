import { Accordion, Alert, Badge, Button, Code, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconRefresh, IconSend } from '@tabler/icons-react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { formatWhen, STATUS_COLOR, type WebhookView } from './types';

/** The delivery log of one endpoint: each event's attempts (status code, duration, the first 1 KB of the answer) and Resend. */
export function DeliveriesDrawer({ webhook, onClose }: { webhook: WebhookView | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const deliveries = trpc.webhooks.deliveries.useQuery(
    { id: webhook?.id ?? '', limit: 50 },
    {
      enabled: webhook !== null,
      // Follow attempts in flight.
      refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status !== 'DELIVERED' && d.status !== 'FAILED') ? 2000 : false),
    },
  );
  const resend = trpc.webhooks.resend.useMutation({
    onSuccess: () => {
      notifications.show({ color: 'teal', title: 'Sent again', message: 'The delivery is on its way with the same webhook-id.' });
      void utils.webhooks.deliveries.invalidate();
      void utils.webhooks.list.invalidate();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not resent', message: errorMessage(e) }),
  });
  return (
    <Drawer opened={webhook !== null} onClose={onClose} position="right" size="xl" title={<Text fw={600}>Deliveries · {webhook?.url}</Text>}>
      <Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {deliveries.data ? `${deliveries.data.total} ${deliveries.data.total === 1 ? 'delivery' : 'deliveries'}` : ' '}
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void deliveries.refetch()}
            loading={deliveries.isFetching}
          >
            Refresh
          </Button>
        </Group>
        {deliveries.isPending ? (
          <Group justify="center" py="xl">
            <Loader size="sm" />
          </Group>
        ) : deliveries.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="The delivery log could not be loaded">
            {errorMessage(deliveries.error)}
          </Alert>
        ) : deliveries.data.deliveries.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="deliveries-empty">
            No deliveries yet. Use “Send test event” to try the endpoint.
          </Text>
        ) : (
          <Accordion variant="separated" data-testid="deliveries-list">
            {deliveries.data.deliveries.map((d) => (
              <Accordion.Item key={d.id} value={d.id}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" pr="sm">
                    <Group gap="xs" wrap="nowrap">
                      <Badge color={STATUS_COLOR[d.status] ?? 'gray'} variant="light">
                        {d.status.toLowerCase()}
                      </Badge>
                      <Text size="sm" ff="monospace">
                        {d.eventType}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'} · {formatWhen(d.createdAt)}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="xs">
                    <Group justify="space-between">
                      <Text size="xs" c="dimmed">
                        webhook-id <Code>{d.webhookId}</Code>
                      </Text>
                      {webhook?.readOnly ? null : (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconSend size={14} aria-hidden />}
                          loading={resend.isPending && resend.variables?.deliveryId === d.id}
                          disabled={d.status === 'SENDING' || d.status === 'PENDING' || !webhook?.enabled}
                          onClick={() => webhook && resend.mutate({ id: webhook.id, deliveryId: d.id })}
                        >
                          Resend
                        </Button>
                      )}
                    </Group>
                    {d.nextAttemptAt && d.status === 'RETRYING' ? <Text size="xs">Next attempt {formatWhen(d.nextAttemptAt)}</Text> : null}
                    <Table striped withTableBorder fz="xs">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>#</Table.Th>
                          <Table.Th>Status</Table.Th>
                          <Table.Th>Duration</Table.Th>
                          <Table.Th>Response</Table.Th>
                          <Table.Th>When</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {d.attemptLog.map((a) => (
                          <Table.Tr key={a.attempt}>
                            <Table.Td>{a.attempt}</Table.Td>
                            <Table.Td>
                              <Badge size="sm" variant="light" color={a.statusCode && a.statusCode < 300 ? 'teal' : 'red'}>
                                {a.statusCode ?? 'no answer'}
                              </Badge>
                            </Table.Td>
                            <Table.Td>{a.durationMs} ms</Table.Td>
                            <Table.Td style={{ maxWidth: 320 }}>
                              {a.error ? (
                                <Text size="xs" c="red">
                                  {a.error}
                                </Text>
                              ) : null}
                              {a.responseBody ? (
                                <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 120, overflow: 'auto' }}>
                                  {a.responseBody}
                                </Code>
                              ) : null}
                            </Table.Td>
                            <Table.Td>{formatWhen(a.createdAt)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Drawer>
  );
}
