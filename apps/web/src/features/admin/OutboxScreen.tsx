import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Pagination,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconMail, IconRefresh, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AdminNav } from './AdminNav';
import { placeholders, QueryError } from './AdminUi';
import { type AdminInputs, type AdminOutputs, formatDateTime, formatInt, formatRelative } from './format';

type OutboxItem = AdminOutputs['outbox']['list']['items'][number];
type Status = OutboxItem['status'];
const PAGE_SIZE = 20;

const STATUS_META: Record<Status, { color: string; label: string; hint: string }> = {
  PENDING: { color: 'gray', label: 'Pending', hint: 'Written; waiting for the mail worker' },
  SENDING: { color: 'blue', label: 'Sending', hint: 'An attempt is under way' },
  RETRYING: { color: 'orange', label: 'Retrying', hint: 'The last attempt failed; the queue tries again with backoff' },
  SENT: { color: 'teal', label: 'Sent', hint: 'The SMTP server accepted it' },
  FAILED: { color: 'red', label: 'Failed', hint: 'Given up: a permanent refusal, or every retry failed' },
  UNSENT: { color: 'yellow', label: 'Not sent', hint: 'No SMTP server is configured: kept here, links in the server log' },
};

function StatusBadge({ status }: { status: Status }) {
  const meta = STATUS_META[status];
  return (
    <Tooltip label={meta.hint}>
      <Badge variant="light" color={meta.color} data-testid="outbox-status">
        {meta.label}
      </Badge>
    </Tooltip>
  );
}

/** One mail: headers, delivery, its links, the text part and a sandboxed preview of the HTML part. */
function MailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const mail = trpc.admin.outbox.byId.useQuery({ id: id ?? '' }, { enabled: id !== null });
  const retry = trpc.admin.outbox.retry.useMutation({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: 'The mail is back in the queue.' });
      void utils.admin.outbox.invalidate();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not queued again', message: errorMessage(e) }),
  });
  const data = mail.data;
  let body: ReactNode;
  if (mail.isError) body = <QueryError error={mail.error} onRetry={() => void mail.refetch()} title="Could not load the mail" />;
  else if (!data)
    body = (
      <Stack gap="xs">
        <Skeleton h={20} />
        <Skeleton h={120} />
      </Stack>
    );
  else
    body = (
      <Stack gap="md" data-testid="outbox-mail">
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>To</Table.Th>
              <Table.Td>{data.to}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Subject</Table.Th>
              <Table.Td>{data.subject}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Td>
                <Group gap="xs">
                  <StatusBadge status={data.status} />
                  <Text size="sm" c="dimmed">
                    {data.attempts} {data.attempts === 1 ? 'attempt' : 'attempts'}
                    {data.sentAt ? ` · sent ${formatDateTime(data.sentAt)}` : ''}
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Server answer</Table.Th>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
                  {data.lastResponse ?? data.lastError ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Written</Table.Th>
              <Table.Td>{formatDateTime(data.createdAt)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {data.links.length ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Links
            </Text>
            {data.links.map((l) => (
              <Text key={l.url} size="sm" style={{ wordBreak: 'break-all' }}>
                {l.label}:{' '}
                <Anchor href={l.url} target="_blank" rel="noreferrer noopener" data-testid="outbox-link">
                  {l.url}
                </Anchor>
              </Text>
            ))}
          </Stack>
        ) : null}
        <Tabs defaultValue="html" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="html">Preview</Tabs.Tab>
            <Tabs.Tab value="text">Plain text</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="sm">
            {/* A sandbox with no permissions: the mail's HTML runs no script and cannot navigate this page. */}
            <iframe
              title={`Preview of “${data.subject}”`}
              sandbox=""
              srcDoc={data.html}
              style={{ width: '100%', height: 520, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, background: '#fff' }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="sm">
            <ScrollArea.Autosize mah={520}>
              <Code block data-testid="outbox-text">
                {data.text}
              </Code>
            </ScrollArea.Autosize>
          </Tabs.Panel>
        </Tabs>
        {data.status === 'FAILED' || data.status === 'UNSENT' ? (
          <Group justify="flex-end">
            <Button leftSection={<IconRefresh size={16} aria-hidden />} loading={retry.isPending} onClick={() => retry.mutate({ id: data.id })}>
              Send again
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  return (
    <Modal opened={id !== null} onClose={onClose} size="xl" title={<Text fw={650}>{data?.subject ?? 'Mail'}</Text>}>
      {body}
    </Modal>
  );
}

/** /admin/outbox — every mail the app wrote: recipient, subject, status, attempts, the SMTP server's answer, and its content. */
export function OutboxScreen() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<Status | null>(null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const input: AdminInputs['outbox']['list'] = {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(debounced ? { search: debounced } : {}),
    ...(status ? { status } : {}),
  };
  const list = trpc.admin.outbox.list.useQuery(input, { placeholderData: (prev) => prev, refetchInterval: 5000 });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  let body: ReactNode;
  if (list.isError && !list.data) body = <QueryError error={list.error} onRetry={() => void list.refetch()} title="Could not load the outbox" />;
  else if (!list.data)
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the outbox">
        {placeholders(6).map((k) => (
          <Skeleton key={k} height={36} />
        ))}
      </Stack>
    );
  else if (list.data.items.length === 0)
    body = (
      <ScreenEmptyState
        icon={<IconMail size={26} stroke={1.6} />}
        title={debounced || status ? 'No mail matches' : 'No mail yet'}
        description={
          debounced || status
            ? 'Try another search or status.'
            : 'Mails appear here as they are written: verification links, password resets, invitations and security notices.'
        }
      />
    );
  else
    body = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={920} type="native">
          <Table verticalSpacing="sm" highlightOnHover aria-label="Outbox" data-testid="outbox-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={120}>Status</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th ta="right">Attempts</Table.Th>
                <Table.Th>Server answer</Table.Th>
                <Table.Th>Written</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: list.isFetching && list.isPlaceholderData ? 0.6 : 1 }}>
              {list.data.items.map((m) => (
                <Table.Tr key={m.id} data-testid="outbox-row" data-to={m.to} style={{ cursor: 'pointer' }} onClick={() => setOpen(m.id)}>
                  <Table.Td>
                    <StatusBadge status={m.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate="end" maw={220}>
                      {m.to}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      fw={600}
                      ta="left"
                      onClick={(e) => {
                        e.stopPropagation();
                        setOpen(m.id);
                      }}
                    >
                      {m.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" fz="sm">
                    {m.attempts}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" ff="monospace" lineClamp={2} maw={280}>
                      {m.lastResponse ?? m.lastError ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={formatDateTime(m.createdAt)}>
                      <Text size="sm" c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
                        {formatRelative(m.createdAt)}
                      </Text>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {formatInt(total)} {total === 1 ? 'mail' : 'mails'}
          </Text>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Pages of mails" /> : null}
        </Group>
      </Stack>
    );

  return (
    <>
      <AdminNav />
      <Stack gap="lg">
        <ScreenHeader
          eyebrow="Admin"
          title="Outbox"
          description="Every mail Atelier wrote, its delivery and its content: verification, password resets, invitations and security notices."
        />
        {list.data && !list.data.smtpConfigured ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title="No mail server configured"
            data-testid="outbox-no-smtp"
          >
            SMTP_URL is not set, so mails are kept here (status “Not sent”) and their links are printed in the server log. Set SMTP_URL (and
            MAIL_FROM) to deliver them; “Send again” then sends the ones already written.
          </Alert>
        ) : null}
        <Card padding="lg">
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label="Search"
                placeholder="Recipient or subject"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
                w={{ base: '100%', xs: 320 }}
                data-testid="outbox-search"
              />
              <Select
                label="Status"
                placeholder="Any status"
                clearable
                value={status}
                onChange={(v) => {
                  setStatus(v as Status | null);
                  setPage(1);
                }}
                data={(Object.keys(STATUS_META) as Status[]).map((s) => ({
                  value: s,
                  label: `${STATUS_META[s].label}${list.data ? ` (${formatInt(list.data.counts[s])})` : ''}`,
                }))}
                w={{ base: '100%', xs: 220 }}
              />
            </Group>
            {body}
          </Stack>
        </Card>
      </Stack>
      <MailModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
