import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { OneTimeSecret } from '../../components/OneTimeSecret';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { track } from '../../lib/analytics';
import { errorFields, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

type Scope = 'read' | 'generate' | 'projects' | 'workspace';

const SCOPES: { value: Scope; label: string; description: string }[] = [
  { value: 'read', label: 'Read', description: 'Read your generations, projects, balance and workspace' },
  { value: 'generate', label: 'Generate', description: 'Spend credits on generations, chat and SEO (and follow their status)' },
  { value: 'projects', label: 'Projects', description: 'Write projects, editors and exports' },
  { value: 'workspace', label: 'Workspace', description: 'Brand kit, saved prompts and collaboration' },
];

const EVENT_LABELS: Record<string, string> = {
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'api_key.new_ip': 'API key used from a new IP address',
};

const formatDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

/** The create dialog: name, scopes, optional expiry date. Then the secret, shown this once. */
function CreateKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<{ name: string; scopes: Scope[]; expiresOn: string }>({
    initialValues: { name: '', scopes: ['read'], expiresOn: '' },
    validate: {
      name: (v) => (v.trim() ? (v.trim().length > 100 ? 'Name is at most 100 characters' : null) : 'Name is required'),
      scopes: (v) => (v.length ? null : 'Choose at least one scope'),
      expiresOn: (v) => (v && new Date(`${v}T23:59:59`).getTime() <= Date.now() ? 'The expiry date must be in the future' : null),
    },
  });
  const create = trpc.apiKeys.create.useMutation({
    onSuccess: (result) => {
      track('api_key_created', { scopes: result.apiKey.scopes.join(','), expires: result.apiKey.expiresAt ? 'yes' : 'no' });
      setSecret(result.secret);
      void utils.apiKeys.list.invalidate();
      void utils.apiKeys.securityLog.invalidate();
    },
    onError: (e) => {
      const fields = errorFields(e);
      if (fields.length) for (const f of fields) form.setFieldError(f.path === 'expiresAt' ? 'expiresOn' : f.path, f.message);
      else notifications.show({ color: 'red', title: 'Key not created', message: errorMessage(e) });
    },
  });
  const close = () => {
    setSecret(null);
    form.reset();
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={secret ? 'Copy your new API key' : 'Create an API key'} size="lg" closeOnClickOutside={!secret}>
      {secret ? (
        <Stack gap="md">
          <OneTimeSecret value={secret} testId="api-key-secret" copyLabel="Copy key">
            This is the only time the key is shown. Store it somewhere safe: we keep only a hash of it.
          </OneTimeSecret>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={form.onSubmit((v) =>
            create.mutate({
              name: v.name.trim(),
              scopes: v.scopes,
              expiresAt: v.expiresOn ? new Date(`${v.expiresOn}T23:59:59`).toISOString() : null,
            }),
          )}
        >
          <Stack gap="md">
            <TextInput label="Name" placeholder="e.g. Nightly render script" data-autofocus {...form.getInputProps('name')} />
            <Checkbox.Group label="Scopes" description="What scripts using this key may do" {...form.getInputProps('scopes')}>
              <Stack gap="xs" mt="xs">
                {SCOPES.map((s) => (
                  <Checkbox key={s.value} value={s.value} label={s.label} description={s.description} />
                ))}
              </Stack>
            </Checkbox.Group>
            <TextInput
              type="date"
              label="Expires on (optional)"
              description="Leave empty for a key that does not expire"
              {...form.getInputProps('expiresOn')}
            />
            <Text size="xs" c="dimmed">
              Keys never reach admin tools, key management, password or e-mail changes.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function RevokeModal({ target, onClose }: { target: { id: string; name: string; prefix: string } | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const revoke = trpc.apiKeys.revoke.useMutation({
    onSuccess: () => {
      track('api_key_revoked');
      void utils.apiKeys.list.invalidate();
      void utils.apiKeys.securityLog.invalidate();
      notifications.show({ color: 'teal', title: 'Key revoked', message: `${target?.name ?? 'The key'} no longer works.` });
      onClose();
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Key not revoked', message: errorMessage(e) }),
  });
  return (
    <Modal opened={target !== null} onClose={onClose} title="Revoke this API key?">
      <Stack gap="md">
        <Text size="sm">
          Scripts using <b>{target?.name}</b> (<Code>{target?.prefix}…</Code>) stop working on their next request. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => target && revoke.mutate({ id: target.id })}>
            Revoke key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SecurityLog() {
  const log = trpc.apiKeys.securityLog.useQuery({ limit: 20 });
  if (log.isPending) return <Skeleton h={60} />;
  if (log.isError)
    return (
      <Text size="sm" c="red">
        {errorMessage(log.error)}
      </Text>
    );
  if (!log.data.events.length)
    return (
      <Text size="sm" c="dimmed">
        Nothing yet: key creations, revocations and uses from new IP addresses appear here.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" data-testid="security-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>IP address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data.events.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDateTime(e.createdAt)}</Table.Td>
              <Table.Td>{EVENT_LABELS[e.kind] ?? e.kind}</Table.Td>
              <Table.Td>{typeof e.details.name === 'string' ? e.details.name : '—'}</Table.Td>
              <Table.Td>{e.ip ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Profile → API keys: the table of keys, create (secret shown once), revoke with confirmation, and the security log. */
export function ApiKeysSection() {
  const keys = trpc.apiKeys.list.useQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; name: string; prefix: string } | null>(null);
  return (
    <Card withBorder radius="lg" padding="lg" id="api-keys" data-testid="api-keys">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="lg">
              API keys
            </Title>
            <Text size="sm" c="dimmed">
              Script Atelier over the REST API (<Anchor href="/api/docs">documentation</Anchor>) with <Code>Authorization: Bearer atl_…</Code>.
              Spending with a key uses your credits; the receipt names the key.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Create key
          </Button>
        </Group>
        {keys.isPending ? (
          <Skeleton h={80} />
        ) : keys.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Your API keys could not be loaded">
            <Button size="xs" variant="light" color="red" onClick={() => void keys.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : keys.data.apiKeys.length === 0 ? (
          <div data-testid="api-keys-empty">
            <ScreenEmptyState
              bare
              icon={<IconKey size={26} stroke={1.6} />}
              title="No API keys yet"
              description="Create a key to generate images, follow their status and download the results from your own scripts."
            />
          </div>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" data-testid="api-keys-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Scopes</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.apiKeys.map((k) => (
                  <Table.Tr key={k.id} data-testid="api-key-row">
                    <Table.Td fw={500}>{k.name}</Table.Td>
                    <Table.Td>
                      <Code>{k.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {k.scopes.map((s) => (
                          <Badge key={s} variant="light" size="sm">
                            {s}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDateTime(k.createdAt)}</Table.Td>
                    <Table.Td>
                      {k.lastUsedAt ? (
                        <Stack gap={0}>
                          <Text size="sm">{formatDateTime(k.lastUsedAt)}</Text>
                          <Text size="xs" c="dimmed">
                            {k.lastUsedIp}
                          </Text>
                        </Stack>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Never
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {k.expired ? (
                        <Badge color="red" variant="light">
                          Expired
                        </Badge>
                      ) : (
                        formatDateTime(k.expiresAt).replace('—', 'Never')
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={`Revoke ${k.name}`}>
                        <ActionIcon variant="subtle" color="red" aria-label={`Revoke ${k.name}`} onClick={() => setRevoking(k)}>
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <div>
          <Title order={3} fz="md" mb="xs">
            Security log
          </Title>
          <SecurityLog />
        </div>
      </Stack>
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} />
      <RevokeModal target={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}
