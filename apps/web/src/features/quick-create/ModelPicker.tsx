import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { IconCpu, IconLock, IconServer } from '@tabler/icons-react';
import { type CatalogueModel, formatPrice } from '../history/generation';

/** The badge every local engine wears: it runs on this server, offline. */
export function LocalBadge() {
  return (
    <Badge size="xs" variant="light" color="teal" leftSection={<IconCpu size={10} aria-hidden />} style={{ textTransform: 'none' }}>
      Local · offline
    </Badge>
  );
}

interface ModelPickerProps {
  models: CatalogueModel[];
  value: string | null;
  onChange: (id: string) => void;
  /** Group options (audio: Voice / Music). */
  grouped?: boolean;
}

/**
 * The model picker: each model with its price in credits; local engines labelled "Local · offline";
 * hosted models that can't run here stay visible but disabled, with the reason.
 */
export function ModelPicker({ models, value, onChange, grouped = false }: ModelPickerProps) {
  const byId = new Map(models.map((m) => [m.id, m]));
  const option = (m: CatalogueModel) => ({ value: m.id, label: m.name, disabled: !m.available });
  const sorted = [...models].sort((a, b) => Number(b.available) - Number(a.available));
  const data = grouped
    ? (['voice', 'music'] as const)
        .map((category) => ({
          group: category === 'voice' ? 'Voice (speech)' : 'Music',
          items: sorted.filter((m) => m.category === category).map(option),
        }))
        .filter((g) => g.items.length > 0)
    : sorted.map(option);
  const selected = value ? byId.get(value) : undefined;

  return (
    <Stack gap={6}>
      <Select
        label="Model"
        data={data}
        value={value}
        onChange={(id) => id && onChange(id)}
        allowDeselect={false}
        checkIconPosition="right"
        maxDropdownHeight={360}
        comboboxProps={{ shadow: 'md' }}
        leftSection={selected?.isLocal ? <IconCpu size={16} aria-hidden /> : <IconServer size={16} aria-hidden />}
        rightSectionWidth={selected ? (selected.priceBasis === '1k-tokens' ? 160 : 92) : undefined}
        rightSection={
          selected ? (
            <Badge size="sm" variant="light" style={{ textTransform: 'none' }}>
              {formatPrice(selected)}
            </Badge>
          ) : undefined
        }
        rightSectionPointerEvents="none"
        data-testid="model-picker"
        renderOption={({ option: item }) => {
          const m = byId.get(item.value);
          if (!m) return item.label;
          return (
            <Group justify="space-between" wrap="nowrap" w="100%" gap="sm" data-testid={`model-option-${m.id}`}>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  {m.available ? null : <IconLock size={12} aria-hidden />}
                  <Text size="sm" fw={600} truncate>
                    {m.name}
                  </Text>
                  {m.isLocal ? <LocalBadge /> : null}
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {m.available ? m.description : m.unavailableReason}
                </Text>
              </Stack>
              <Badge
                size="sm"
                variant={m.available ? 'light' : 'outline'}
                color={m.available ? 'brand' : 'gray'}
                style={{ flexShrink: 0, textTransform: 'none' }}
              >
                {formatPrice(m)}
              </Badge>
            </Group>
          );
        }}
      />
      {selected ? (
        <Group gap={6} wrap="wrap">
          {selected.isLocal ? <LocalBadge /> : null}
          <Text size="xs" c="dimmed">
            {selected.description}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
