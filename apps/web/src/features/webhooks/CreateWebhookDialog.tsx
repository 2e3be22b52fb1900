import { WEBHOOK_EVENT_TYPES } from '@atelier/shared';
import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { track } from '../../lib/analytics';
import { errorFields, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { EVENT_LABELS } from './types';

interface Values {
  url: string;
  description: string;
  events: string[];
  creditsLowThreshold: number | string;
}

/** Add an endpoint: URL, description, events (and the credits.low threshold). Answers with the secret, shown once. */
export function CreateWebhookDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (secret: string) => void }) {
  const utils = trpc.useUtils();
  const form = useForm<Values>({
    initialValues: { url: '', description: '', events: ['generation.completed'], creditsLowThreshold: 10 },
    validate: {
      url: (v) => (/^https:\/\/\S+$/i.test(v.trim()) || /^http:\/\/\S+$/i.test(v.trim()) ? null : 'Enter the full https:// URL of your endpoint'),
      events: (v) => (v.length ? null : 'Choose at least one event'),
    },
  });
  const create = trpc.webhooks.create.useMutation({
    onSuccess: (res) => {
      track('webhook_created', { events: res.webhook.events.length });
      void utils.webhooks.list.invalidate();
      form.reset();
      onCreated(res.secret);
    },
    onError: (e) => {
      const fields = errorFields(e);
      if (fields.length) for (const f of fields) form.setFieldError(f.path, f.message);
      else form.setFieldError('url', errorMessage(e));
    },
  });
  const wantsThreshold = form.values.events.includes('credits.low');
  return (
    <Modal opened={opened} onClose={onClose} title="Add a webhook endpoint" centered size="lg">
      <form
        onSubmit={form.onSubmit((v) =>
          create.mutate({
            url: v.url.trim(),
            events: v.events as (typeof WEBHOOK_EVENT_TYPES)[number][],
            ...(v.description.trim() ? { description: v.description.trim() } : {}),
            ...(wantsThreshold && v.creditsLowThreshold !== '' ? { creditsLowThreshold: Number(v.creditsLowThreshold) } : {}),
          }),
        )}
      >
        <Stack>
          <TextInput
            label="Endpoint URL"
            description="https, on a public address. We POST signed JSON to it."
            placeholder="https://example.com/webhooks/atelier"
            required
            data-autofocus
            {...form.getInputProps('url')}
          />
          <TextInput label="Description" placeholder="e.g. Production render pipeline" maxLength={500} {...form.getInputProps('description')} />
          <Checkbox.Group label="Events" description="What this endpoint receives" required {...form.getInputProps('events')}>
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={
                    <Text size="sm">
                      <Text span ff="monospace" size="sm">
                        {type}
                      </Text>{' '}
                      <Text span c="dimmed" size="sm">
                        — {EVENT_LABELS[type]}
                      </Text>
                    </Text>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {wantsThreshold ? (
            <NumberInput
              label="Low-balance threshold (credits)"
              description="credits.low fires when a spend takes your balance below this"
              min={0}
              max={1_000_000}
              decimalScale={2}
              {...form.getInputProps('creditsLowThreshold')}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
