import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';

/** Shows a signing secret once (after creating or rotating), with a copy button. */
export function SecretModal({ secret, rotated, onClose }: { secret: string | null; rotated: boolean; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Your signing secret" centered size="lg">
      <Stack>
        <Alert color="yellow" variant="light" icon={<IconKey size={18} aria-hidden />}>
          Copy it now: it is shown only once. Verify each delivery's <b>webhook-signature</b> header with it (Standard Webhooks).
          {rotated ? ' The previous secret keeps signing alongside this one for 24 hours, so you can switch over.' : ''}
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="webhook-secret">
            {secret}
          </Code>
          <CopyButton value={secret ?? ''} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy secret'}>
                <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} size="lg" onClick={copy} aria-label="Copy secret">
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed">
          Example (Node): new Webhook(secret).verify(rawBody, headers) from the standardwebhooks package.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>I have copied it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
