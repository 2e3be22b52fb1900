import type { AppRouter } from '@atelier/api/router';
import { Badge, Box, Card, Center, Group, Image, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconFileText, IconGripVertical, IconPhoto, IconPlus } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { type DragEvent, type KeyboardEvent, useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { useEditAccess, VIEW_ONLY_LABEL } from '../collaboration/viewOnly';

export type Segment = inferRouterOutputs<AppRouter>['projects']['segments']['segments'][number];

interface SegmentListProps {
  segments: Segment[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onMove: (id: string, toIndex: number) => void;
  onAdd: () => void;
  adding: boolean;
}

function Thumb({ segment }: { segment: Segment }) {
  const v = segment.selectedVersion;
  if (segment.type === 'IMAGE' && v?.status === 'READY' && (v.thumbnailUrl ?? v.outputUrl)) {
    return <Image src={v.thumbnailUrl ?? v.outputUrl} alt="" w={56} h={42} radius="sm" fit="cover" />;
  }
  return (
    <Center w={56} h={42} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)', flex: 'none' }}>
      {segment.type === 'IMAGE' ? (
        <IconPhoto size={18} color="var(--mantine-color-dimmed)" aria-hidden />
      ) : (
        <IconFileText size={18} color="var(--mantine-color-dimmed)" aria-hidden />
      )}
    </Center>
  );
}

/** The segments in order; drag (or Alt+↑/↓) to reorder. */
export function SegmentList({ segments, selectedId, onSelect, onMove, onAdd, adding }: SegmentListProps) {
  const { viewOnly } = useEditAccess();
  const [dragId, setDragId] = useState<string | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);

  const finish = () => {
    if (dragId !== null && dropIndex !== null) {
      const from = segments.findIndex((s) => s.id === dragId);
      const to = dropIndex > from ? dropIndex - 1 : dropIndex;
      if (from >= 0 && to !== from) onMove(dragId, to);
    }
    setDragId(null);
    setDropIndex(null);
  };

  return (
    <Card padding="sm">
      <Group justify="space-between" mb="xs" px={4}>
        <Text fw={650} size="sm">
          Segments{' '}
          <Text span c="dimmed" size="sm" fw={400}>
            {segments.length}
          </Text>
        </Text>
        <GuardedButton
          action="createSegment"
          onAction={onAdd}
          loading={adding}
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
        >
          Add segment
        </GuardedButton>
      </Group>
      {segments.length === 0 ? (
        <Text size="sm" c="dimmed" px={4} py="md">
          No segments yet. Add one, describe it, and generate versions to choose from.
        </Text>
      ) : (
        <Stack
          gap={4}
          data-testid="segment-list"
          onDragOver={(e) => dragId && e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            finish();
          }}
        >
          {segments.map((segment, index) => {
            const selected = segment.id === selectedId;
            const keys = (event: KeyboardEvent<HTMLButtonElement>) => {
              if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
                event.preventDefault();
                onMove(segment.id, index + (event.key === 'ArrowUp' ? -1 : 1));
              }
            };
            const over = (event: DragEvent<HTMLDivElement>) => {
              if (!dragId) return;
              event.preventDefault();
              const rect = event.currentTarget.getBoundingClientRect();
              setDropIndex(event.clientY < rect.top + rect.height / 2 ? index : index + 1);
            };
            const status = segment.selectedVersion?.status;
            return (
              <Box
                key={segment.id}
                pos="relative"
                draggable={!viewOnly}
                onDragStart={(event) => {
                  event.dataTransfer.setData('text/plain', segment.id);
                  event.dataTransfer.effectAllowed = 'move';
                  setDragId(segment.id);
                }}
                onDragOver={over}
                onDrop={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  finish();
                }}
                onDragEnd={() => {
                  setDragId(null);
                  setDropIndex(null);
                }}
                data-testid="segment-item"
                data-segment-id={segment.id}
              >
                {dragId && dropIndex !== null && (dropIndex === index || (dropIndex === segments.length && index === segments.length - 1)) ? (
                  <Box
                    pos="absolute"
                    left={4}
                    right={4}
                    h={3}
                    style={{
                      [dropIndex === index ? 'top' : 'bottom']: -3,
                      background: 'var(--mantine-primary-color-filled)',
                      borderRadius: 2,
                      zIndex: 2,
                    }}
                  />
                ) : null}
                <UnstyledButton
                  onClick={() => onSelect(segment.id)}
                  onKeyDown={keys}
                  aria-pressed={selected}
                  aria-label={`${index + 1}. ${segment.name}`}
                  w="100%"
                  p={6}
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    background: selected ? 'var(--mantine-primary-color-light)' : undefined,
                    opacity: dragId === segment.id ? 0.5 : 1,
                  }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Tooltip label={viewOnly ? VIEW_ONLY_LABEL : 'Drag to reorder (or Alt+↑/↓)'} openDelay={600}>
                      <ThemeIcon variant="transparent" color="gray" size="sm" style={{ cursor: 'grab' }}>
                        <IconGripVertical size={14} aria-hidden />
                      </ThemeIcon>
                    </Tooltip>
                    <Thumb segment={segment} />
                    <Box miw={0} style={{ flex: 1 }}>
                      <Text size="sm" fw={selected ? 650 : 500} truncate>
                        {segment.name}
                      </Text>
                      <Group gap={6} wrap="nowrap">
                        <Text size="xs" c="dimmed">
                          {segment.versionCount} {segment.versionCount === 1 ? 'version' : 'versions'}
                        </Text>
                        {status === 'GENERATING' ? (
                          <Badge size="xs" variant="light" color="grape">
                            Generating
                          </Badge>
                        ) : status === 'FAILED' ? (
                          <Badge size="xs" variant="light" color="red">
                            Failed
                          </Badge>
                        ) : null}
                      </Group>
                    </Box>
                  </Group>
                </UnstyledButton>
              </Box>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
