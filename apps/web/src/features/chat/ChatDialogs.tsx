import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive action asks first. */
export function ConfirmDialog({ opened, title, message, confirmLabel, loading, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm">
      <Stack gap="lg">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface RenameDialogProps {
  opened: boolean;
  initialTitle: string;
  loading?: boolean;
  onSubmit: (title: string) => void;
  onClose: () => void;
}

const MAX_TITLE = 200;

/** Renames a conversation (1–200 characters, as the server checks). */
export function RenameDialog({ opened, initialTitle, loading, onSubmit, onClose }: RenameDialogProps) {
  const [title, setTitle] = useState(initialTitle);
  useEffect(() => {
    if (opened) setTitle(initialTitle);
  }, [opened, initialTitle]);
  const trimmed = title.trim();
  const error = trimmed === '' ? 'A title is required' : trimmed.length > MAX_TITLE ? `At most ${MAX_TITLE} characters` : null;
  return (
    <Modal opened={opened} onClose={onClose} title="Rename chat" size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!error) onSubmit(trimmed);
        }}
      >
        <Stack gap="lg">
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={title !== initialTitle ? error : null}
            maxLength={MAX_TITLE + 20}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" loading={loading} disabled={Boolean(error) || trimmed === initialTitle}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
