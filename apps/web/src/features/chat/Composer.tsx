import { ActionIcon, Box, Group, Paper, Text, Textarea, Tooltip } from '@mantine/core';
import { IconArrowUp, IconPlayerStopFilled } from '@tabler/icons-react';
import { forwardRef, type KeyboardEvent } from 'react';
import { MAX_CONTENT_CHARS } from './chatState';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** Replies are being written: the send button becomes Stop. */
  streaming: boolean;
  onStop: () => void;
  stopping?: boolean;
  /** A message is being sent: input and button are disabled. */
  sending: boolean;
  /** Sending is not possible yet (e.g. no model chosen); typing still is. */
  disabled?: boolean;
  placeholder?: string;
  /** Shown under the box (e.g. which models answer and what it costs). */
  hint?: string;
}

/** The message box: Enter sends, Shift+Enter adds a line; disabled while sending; Stop while replies stream. */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { value, onChange, onSend, streaming, onStop, stopping, sending, disabled, placeholder, hint },
  ref,
) {
  const empty = value.trim() === '';
  const tooLong = value.length > MAX_CONTENT_CHARS;
  const canSend = !empty && !tooLong && !sending && !streaming && !disabled;

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (canSend) onSend();
  };

  return (
    <Box>
      <Paper withBorder radius="lg" shadow="xs" p={6} pl="sm" bg="var(--mantine-color-body)">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            ref={ref}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            placeholder={placeholder ?? 'Message the models…'}
            aria-label="Message"
            autosize
            minRows={1}
            maxRows={8}
            variant="unstyled"
            disabled={sending}
            style={{ flex: 1 }}
            styles={{ input: { paddingTop: 8, paddingBottom: 8, fontSize: 'var(--mantine-font-size-sm)' } }}
            data-testid="chat-composer"
          />
          {streaming ? (
            <Tooltip label="Stop the replies">
              <ActionIcon size={36} radius="xl" color="red" variant="filled" onClick={onStop} loading={stopping} aria-label="Stop">
                <IconPlayerStopFilled size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip label="Send (Enter)">
              <ActionIcon size={36} radius="xl" variant="filled" onClick={onSend} disabled={!canSend} loading={sending} aria-label="Send">
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Paper>
      <Group justify="space-between" gap="xs" px={6} pt={6} wrap="nowrap">
        <Text size="xs" c="dimmed" truncate="end">
          {hint ?? ''}
        </Text>
        <Text size="xs" c={tooLong ? 'red' : 'dimmed'} style={{ flexShrink: 0 }} visibleFrom="xs">
          {tooLong
            ? `${value.length.toLocaleString()} / ${MAX_CONTENT_CHARS.toLocaleString()} characters`
            : 'Enter to send · Shift+Enter for a new line'}
        </Text>
      </Group>
    </Box>
  );
});
