import { ActionIcon, Alert, Badge, Box, Button, CopyButton, Group, Loader, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconPlayerStopFilled, IconRefresh, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { type ChatMessage, type ChatMessageStatus, isOpen, replyMeta } from './chatState';
import { Markdown } from './Markdown';
import { ModelAvatar } from './ModelPicker';

const STATUS: Record<ChatMessageStatus, { label: string; color: string }> = {
  PENDING: { label: 'Waiting', color: 'gray' },
  STREAMING: { label: 'Writing', color: 'brand' },
  COMPLETED: { label: 'Complete', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
  STOPPED: { label: 'Stopped', color: 'yellow' },
};

export function StatusBadge({ status }: { status: ChatMessageStatus }) {
  const s = STATUS[status];
  const open = status === 'PENDING' || status === 'STREAMING';
  return (
    <Badge
      variant="light"
      color={s.color}
      size="sm"
      leftSection={open ? <Loader size={9} color={s.color} type={status === 'STREAMING' ? 'dots' : 'oval'} /> : null}
      data-testid="reply-status"
    >
      {s.label}
    </Badge>
  );
}

function CopyAction({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label}>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="md" onClick={copy} aria-label={copied ? 'Copied' : label}>
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

interface ReplyCardProps {
  message: ChatMessage;
  modelName: string;
  onStop: (message: ChatMessage) => void;
  onRegenerate: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  /** An action on this reply is in flight. */
  busy: boolean;
}

/** One model's reply: its name and status, the text as it streams, meta and actions. */
export const ReplyCard = memo(function ReplyCard({ message, modelName, onStop, onRegenerate, onDelete, busy }: ReplyCardProps) {
  const open = isOpen(message);
  const hasText = message.content.trim() !== '';
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p="md"
      aria-label={`Reply from ${modelName}`}
      aria-busy={open}
      data-testid="chat-reply"
      data-status={message.status}
      data-model-id={message.modelId ?? ''}
      data-message-id={message.id}
      style={{ display: 'flex', flexDirection: 'column', minWidth: 0, height: '100%' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb="sm">
        <Group gap={8} wrap="nowrap" miw={0}>
          <ModelAvatar id={message.modelId} name={modelName} />
          <Text size="sm" fw={650} truncate="end" data-testid="reply-model">
            {modelName}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <StatusBadge status={message.status} />
          {open ? (
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              leftSection={<IconPlayerStopFilled size={11} aria-hidden />}
              onClick={() => onStop(message)}
              loading={busy}
              aria-label={`Stop ${modelName}`}
            >
              Stop
            </Button>
          ) : null}
        </Group>
      </Group>

      <Box style={{ flex: 1 }} aria-live={open ? 'polite' : undefined}>
        {hasText ? <Markdown text={message.content} /> : null}
        {!hasText && open ? (
          <Stack gap={8} aria-label={`Waiting for ${modelName}`}>
            <Skeleton height={10} radius="xl" width="92%" />
            <Skeleton height={10} radius="xl" width="78%" />
            <Skeleton height={10} radius="xl" width="64%" />
          </Stack>
        ) : null}
        {!hasText && message.status === 'STOPPED' ? (
          <Text size="sm" c="dimmed" fs="italic">
            Stopped before any text was written.
          </Text>
        ) : null}
        {!hasText && message.status === 'COMPLETED' ? (
          <Text size="sm" c="dimmed" fs="italic">
            The model returned an empty reply.
          </Text>
        ) : null}
        {message.status === 'FAILED' ? (
          <Alert color="red" variant="light" p="xs" mt={hasText ? 'sm' : 0} icon={<IconAlertTriangle size={16} />} title="This reply failed">
            <Text size="xs">
              {message.error ?? 'The model could not answer.'}
              {message.creditsRefunded > 0 && !/refund/i.test(message.error ?? '') ? ' Your credits were refunded.' : ''}
            </Text>
          </Alert>
        ) : null}
      </Box>

      {!open ? (
        <Group justify="space-between" gap="xs" mt="sm" wrap="wrap">
          <Text size="xs" c="dimmed" data-testid="reply-meta">
            {replyMeta(message).join(' · ')}
          </Text>
          <Group gap={2} wrap="nowrap">
            {hasText ? <CopyAction value={message.content} label="Copy reply" /> : null}
            <Tooltip label="Regenerate this reply">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                onClick={() => onRegenerate(message)}
                loading={busy}
                aria-label={`Regenerate the reply from ${modelName}`}
              >
                <IconRefresh size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete this reply">
              <ActionIcon variant="subtle" color="gray" size="md" onClick={() => onDelete(message)} aria-label={`Delete the reply from ${modelName}`}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      ) : null}
    </Paper>
  );
});

interface UserMessageProps {
  message: ChatMessage;
  onDelete: (message: ChatMessage) => void;
}

/** The user's message: on the right, as written (plain text, line breaks kept), with copy and delete under it. */
export const UserMessage = memo(function UserMessage({ message, onDelete }: UserMessageProps) {
  return (
    <Stack gap={2} align="flex-end" data-testid="chat-user-message">
      <Paper radius="lg" px="md" py="sm" bg="var(--mantine-color-brand-light)" maw="min(720px, 88%)">
        <Text size="sm" lh={1.6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content}
        </Text>
      </Paper>
      <Group gap={0} wrap="nowrap">
        <CopyAction value={message.content} label="Copy message" />
        <Tooltip label="Delete this message and its replies">
          <ActionIcon variant="subtle" color="gray" size="md" onClick={() => onDelete(message)} aria-label="Delete this message and its replies">
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
});
