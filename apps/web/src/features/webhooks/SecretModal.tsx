import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { OneTimeSecret } from '../../components/OneTimeSecret';

/** Shows a signing secret once (after creating or rotating), with a copy button. */
export function SecretModal({ secret, rotated, onClose }: { secret: string | null; rotated: boolean; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Your signing secret" centered size="lg">
      <Stack>
        <OneTimeSecret value={secret ?? ''} testId="webhook-secret" copyLabel="Copy secret">
          Copy it now: it is shown only once. Verify each delivery's <b>webhook-signature</b> header with it (Standard Webhooks).
          {rotated ? ' The previous secret keeps signing alongside this one for 24 hours, so you can switch over.' : ''}
        </OneTimeSecret>
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
