import { Alert, Avatar, Badge, Button, Checkbox, Group, Loader, Popover, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconSparkles } from '@tabler/icons-react';
import { type ChatMessage, MAX_PARTICIPANTS, type TextModel } from './chatState';

const COLORS = ['brand', 'teal', 'orange', 'pink', 'cyan', 'lime', 'grape', 'indigo'] as const;

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/** A stable colour per model, so its replies are recognisable across turns. */
export const modelColor = (id: string | null) => (id ? COLORS[hash(id) % COLORS.length] : 'gray') as string;

/** Words every local model shares ("Local … (offline)"): they would make every badge read "L…". */
const GENERIC_WORDS = new Set(['local', 'offline', 'model', 'the']);

/**
 * Two letters that tell models apart: the first letters of the first two distinctive words
 * ("Local Draft Writer (offline)" → DW, "Local Brief Writer" → BW, "GPT-4 Turbo" → G4).
 */
export function modelInitials(name: string): string {
  const words = name
    .replace(/\(.*?\)/g, '')
    .split(/[\s/_-]+/)
    .filter((w) => w && !GENERIC_WORDS.has(w.toLowerCase()));
  if (words.length === 1) return (words[0] as string).slice(0, 2).replace(/^./, (c) => c.toUpperCase());
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?'
  );
}

/** A model's round badge: its initials in its colour, with its full name as a tooltip. */
export function ModelAvatar({ id, name, size = 26, tooltip = true }: { id: ChatMessage['modelId']; name: string; size?: number; tooltip?: boolean }) {
  const avatar = (
    <Avatar size={size} radius="xl" color={modelColor(id)} variant="light" aria-hidden data-testid="model-avatar" data-initials={modelInitials(name)}>
      <Text fz={size * 0.42} fw={700} inherit>
        {modelInitials(name)}
      </Text>
    </Avatar>
  );
  return tooltip ? (
    <Tooltip label={name} withinPortal>
      {avatar}
    </Tooltip>
  ) : (
    avatar
  );
}

interface ModelPickerProps {
  models: TextModel[];
  /** The chosen model ids, in order. */
  value: string[];
  nameOf: (id: string) => string;
  onToggle: (modelId: string, checked: boolean) => void;
  loading?: boolean;
  /** A change is being saved. */
  busy?: boolean;
  error?: string | null;
  disabled?: boolean;
}

/**
 * The participants of a conversation (or of a new chat): a button with the chosen models' avatars
 * that opens a list of the catalogue's text models. Unavailable models are listed, disabled, with
 * the reason; at least one model stays and at most four answer side by side.
 */
export function ModelPicker({ models, value, nameOf, onToggle, loading, busy, error, disabled }: ModelPickerProps) {
  const extra = value.filter((id) => !models.some((m) => m.id === id));
  const label = loading && value.length === 0 ? 'Loading models…' : value.length === 1 ? nameOf(value[0] as string) : `${value.length} models`;
  return (
    <Popover width={400} position="bottom-end" shadow="md" withinPortal trapFocus>
      <Tooltip label={value.map(nameOf).join(' · ') || 'Choose models'} multiline maw={320} withinPortal>
        <Popover.Target>
          <Button
            variant="default"
            size="sm"
            disabled={disabled}
            leftSection={
              loading && value.length === 0 ? (
                <Loader size={14} />
              ) : (
                // Side by side, never overlapping: each badge stays readable on its own.
                <Group gap={4} wrap="nowrap" data-testid="model-picker-avatars">
                  {value.slice(0, MAX_PARTICIPANTS).map((id) => (
                    <ModelAvatar key={id} id={id} name={nameOf(id)} size={22} tooltip={false} />
                  ))}
                </Group>
              )
            }
            rightSection={busy ? <Loader size={14} /> : <IconChevronDown size={14} aria-hidden />}
            aria-label={`Models: ${value.map(nameOf).join(', ') || 'none'}. Change models`}
            data-testid="model-picker"
            maw={{ base: 'calc(100vw - 120px)', sm: 420 }}
          >
            <Text size="sm" truncate="end" inherit visibleFrom="sm">
              {label}
            </Text>
          </Button>
        </Popover.Target>
      </Tooltip>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
        <Stack gap={2} p="sm" pb={6}>
          <Text fw={650} size="sm">
            Models in this chat
          </Text>
          <Text size="xs" c="dimmed">
            Pick up to {MAX_PARTICIPANTS}: each one answers every message, side by side. Each reply is charged at the model's price.
          </Text>
        </Stack>
        {error ? (
          <Alert color="red" variant="light" mx="sm" mb="xs" p="xs" icon={<IconAlertTriangle size={16} />}>
            <Text size="xs">{error}</Text>
          </Alert>
        ) : null}
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap={0} pb="xs" role="group" aria-label="Text models">
            {loading ? (
              <Group p="md" justify="center">
                <Loader size="sm" />
              </Group>
            ) : null}
            {[...models.map((m) => ({ id: m.id, model: m as TextModel | null })), ...extra.map((id) => ({ id, model: null }))].map(
              ({ id, model }) => {
                const checked = value.includes(id);
                const available = model?.available ?? false;
                const full = !checked && value.length >= MAX_PARTICIPANTS;
                const last = checked && value.length === 1;
                const off = disabled || busy || (!checked && !available) || full || last;
                const hint = last ? 'A chat needs at least one model' : full ? `At most ${MAX_PARTICIPANTS} models` : null;
                const row = (
                  <UnstyledButton
                    key={id}
                    component="label"
                    px="sm"
                    py={8}
                    style={{ display: 'block', cursor: off ? 'not-allowed' : 'pointer', opacity: !available && !checked ? 0.7 : 1 }}
                    data-model-id={id}
                  >
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <Checkbox
                        checked={checked}
                        disabled={off}
                        onChange={(e) => onToggle(id, e.currentTarget.checked)}
                        aria-label={model?.name ?? id}
                        mt={3}
                      />
                      <ModelAvatar id={id} name={model?.name ?? id} size={26} tooltip={false} />
                      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                        <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
                          {/* The full name, wrapping if it must: never cut off. */}
                          <Text size="sm" fw={600} lh={1.3} style={{ overflowWrap: 'anywhere' }} data-testid="model-option-name">
                            {model?.name ?? id}
                          </Text>
                          {model ? (
                            <Badge variant="light" color={available ? 'gray' : 'red'} size="xs" style={{ flexShrink: 0 }}>
                              {available
                                ? model.priceBasis === '1k-tokens'
                                  ? `${model.credits} cr / 1K tokens`
                                  : `${model.credits} cr / reply`
                                : 'Unavailable'}
                            </Badge>
                          ) : null}
                        </Group>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {model
                            ? available
                              ? model.description
                              : (model.unavailableReason ?? 'Not available on this server')
                            : 'No longer in the catalogue'}
                        </Text>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                );
                return hint && !disabled ? (
                  <Tooltip key={id} label={hint} position="left">
                    {row}
                  </Tooltip>
                ) : (
                  row
                );
              },
            )}
            {!loading && models.length === 0 ? (
              <Group gap="xs" p="md" c="dimmed">
                <IconSparkles size={16} aria-hidden />
                <Text size="sm">No text models in the catalogue.</Text>
              </Group>
            ) : null}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
