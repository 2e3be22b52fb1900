import { ActionIcon, Badge, Box, Group, Loader, Paper, ScrollArea, Slider, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTimeline, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { useEditAccess } from '../collaboration/viewOnly';
import type { Playhead } from './PreviewPlayer';
import { formatSeconds, playedOf, type ServerClip, type TimelineItem } from './timeline';

export const MIN_PPS = 12;
export const MAX_PPS = 80;
const BLOCK_HEIGHT = 88;
const HANDLE = 10;

export type TrimPatch = { startTrim: number } | { endTrim: number };

interface TimelineProps {
  items: TimelineItem[];
  server: Record<string, ServerClip>;
  /** Clips whose image is being generated, with progress. */
  imageJobs: Record<string, number>;
  selectedKey: string | null;
  playhead: Playhead | null;
  /** Pixels per second. */
  pps: number;
  onZoom: (pps: number) => void;
  onSelect: (key: string) => void;
  onTrim: (key: string, patch: TrimPatch, tag: string) => void;
  onMove: (key: string, toIndex: number) => void;
  onAdd: () => void;
}

const snap = (v: number) => Math.round(v * 20) / 20;

function statusOf(clip: ServerClip | undefined): { label: string; color: string } {
  switch (clip?.status) {
    case 'GENERATING':
      return { label: `Generating ${clip.progress}%`, color: 'grape' };
    case 'READY':
      return { label: 'Ready', color: 'teal' };
    case 'FAILED':
      return { label: 'Failed', color: 'red' };
    default:
      return { label: 'Draft', color: 'gray' };
  }
}

interface ClipBlockProps {
  item: TimelineItem;
  index: number;
  clip: ServerClip | undefined;
  imageProgress: number | undefined;
  selected: boolean;
  pps: number;
  playheadTime: number | null;
  dropSide: 'before' | 'after' | null;
  /** A viewer of a shared project: no trim handles, no dragging. */
  readOnly: boolean;
  onSelect: () => void;
  onTrim: (patch: TrimPatch, tag: string) => void;
  onMoveBy: (delta: number) => void;
  onDragStart: (event: DragEvent<HTMLDivElement>) => void;
  onDragOver: (event: DragEvent<HTMLDivElement>) => void;
  onDrop: (event: DragEvent<HTMLDivElement>) => void;
  onDragEnd: () => void;
}

function ClipBlock(props: ClipBlockProps) {
  const { item, index, clip, selected, pps } = props;
  const trimming = useRef(false);
  const width = Math.max(item.duration * pps, 56);
  const scale = width / item.duration;
  const played = playedOf(item);
  const status = statusOf(clip);
  const thumb = clip?.thumbnailUrl ?? clip?.imageUrl ?? null;
  const n = index + 1;
  /** Room between the trims for the labels. */
  const room = width - (item.startTrim + item.endTrim) * scale - 2 * HANDLE;

  const startDrag = (edge: 'start' | 'end') => (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    props.onSelect();
    trimming.current = true;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const x0 = event.clientX;
    const v0 = edge === 'start' ? item.startTrim : item.endTrim;
    const tag = `trim:${item.key}:${edge}`;
    const move = (e: globalThis.PointerEvent) => {
      const delta = (e.clientX - x0) / scale;
      const value = snap(edge === 'start' ? v0 + delta : v0 - delta);
      props.onTrim(edge === 'start' ? { startTrim: value } : { endTrim: value }, tag);
    };
    const up = () => {
      trimming.current = false;
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };

  const handleKeys = (edge: 'start' | 'end') => (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 1 : 0.1;
    const dir = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -1 : 0;
    if (!dir) return;
    event.preventDefault();
    event.stopPropagation();
    const value = snap((edge === 'start' ? item.startTrim : item.endTrim) + dir * step);
    props.onTrim(edge === 'start' ? { startTrim: value } : { endTrim: value }, `trim:${item.key}:${edge}`);
  };

  const blockKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onSelect();
    } else if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      props.onMoveBy(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  const handleStyle = (side: 'left' | 'right', offset: number) => ({
    position: 'absolute' as const,
    top: 0,
    bottom: 0,
    [side]: offset,
    width: HANDLE,
    cursor: 'ew-resize',
    touchAction: 'none',
    background: selected ? 'var(--mantine-primary-color-filled)' : 'rgba(255,255,255,0.75)',
    borderRadius: side === 'left' ? '8px 3px 3px 8px' : '3px 8px 8px 3px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    zIndex: 2,
  });
  const grip = <Box w={2} h={22} style={{ borderRadius: 2, background: selected ? 'white' : 'rgba(0,0,0,0.45)' }} />;

  return (
    <Box pos="relative" style={{ flex: 'none' }}>
      {props.dropSide ? (
        <Box
          pos="absolute"
          top={-4}
          bottom={-4}
          w={3}
          style={{
            [props.dropSide === 'before' ? 'left' : 'right']: -5,
            background: 'var(--mantine-primary-color-filled)',
            borderRadius: 2,
            zIndex: 3,
          }}
          data-testid="drop-indicator"
        />
      ) : null}
      <Box
        role="group"
        aria-roledescription="clip"
        tabIndex={0}
        aria-current={selected ? 'true' : undefined}
        aria-label={`Clip ${n}${item.prompt ? `: ${item.prompt}` : ''}. ${played.toFixed(1)} of ${item.duration.toFixed(1)} seconds. ${status.label}.${selected ? ' Selected.' : ''} Enter selects, Alt+arrows move.`}
        data-testid="timeline-clip"
        data-clip-key={item.key}
        data-clip-id={clip?.id ?? ''}
        data-status={clip?.status ?? 'DRAFT'}
        data-start-trim={item.startTrim}
        data-end-trim={item.endTrim}
        draggable={!props.readOnly}
        onClick={props.onSelect}
        onKeyDown={blockKeys}
        onDragStart={(event) => {
          if (trimming.current) {
            event.preventDefault();
            return;
          }
          props.onDragStart(event);
        }}
        onDragOver={props.onDragOver}
        onDrop={props.onDrop}
        onDragEnd={props.onDragEnd}
        w={width}
        h={BLOCK_HEIGHT}
        pos="relative"
        style={{
          borderRadius: 10,
          overflow: 'hidden',
          cursor: 'grab',
          userSelect: 'none',
          outline: selected ? '2px solid var(--mantine-primary-color-filled)' : '1px solid var(--mantine-color-default-border)',
          outlineOffset: selected ? 2 : -1,
          background: thumb
            ? `center / cover no-repeat url("${thumb}"), var(--mantine-color-dark-7)`
            : 'linear-gradient(135deg, var(--mantine-color-brand-7), var(--mantine-color-brand-9))',
        }}
      >
        {/* the parts the trims cut away */}
        <Box
          pos="absolute"
          top={0}
          bottom={0}
          left={0}
          w={item.startTrim * scale}
          style={{ background: 'repeating-linear-gradient(135deg, rgba(0,0,0,.62) 0 6px, rgba(0,0,0,.48) 6px 12px)', zIndex: 1 }}
        />
        <Box
          pos="absolute"
          top={0}
          bottom={0}
          right={0}
          w={item.endTrim * scale}
          style={{ background: 'repeating-linear-gradient(135deg, rgba(0,0,0,.62) 0 6px, rgba(0,0,0,.48) 6px 12px)', zIndex: 1 }}
        />
        <Box
          pos="absolute"
          top={0}
          left={item.startTrim * scale + HANDLE}
          right={item.endTrim * scale + HANDLE}
          px={6}
          pt={5}
          pb={14}
          style={{ background: 'linear-gradient(rgba(0,0,0,.6), rgba(0,0,0,0))', zIndex: 1 }}
        >
          <Text size="xs" c="white" fw={500} truncate="end">
            {item.prompt || 'No prompt yet'}
          </Text>
        </Box>
        <Group
          pos="absolute"
          bottom={6}
          left={item.startTrim * scale + HANDLE + 4}
          right={item.endTrim * scale + HANDLE + 4}
          gap={4}
          wrap="nowrap"
          justify="space-between"
          style={{ zIndex: 1, overflow: 'hidden' }}
        >
          <Group gap={4} wrap="nowrap">
            <Badge size="xs" variant="filled" color="dark" circle>
              {n}
            </Badge>
            <Text size="xs" c="white" fw={600} style={{ textShadow: '0 1px 2px rgba(0,0,0,.7)' }} data-testid="clip-played">
              {played.toFixed(1)}s
            </Text>
          </Group>
          {props.imageProgress !== undefined ? (
            <Badge size="xs" variant="filled" color="cyan" leftSection={<Loader size={8} color="white" />}>
              Image {props.imageProgress}%
            </Badge>
          ) : clip?.status === 'GENERATING' ? (
            <Badge size="xs" variant="filled" color={status.color} leftSection={<Loader size={8} color="white" />}>
              {clip.progress}%
            </Badge>
          ) : clip?.status === 'FAILED' ? (
            <Badge size="xs" variant="filled" color="red" leftSection={<IconAlertTriangle size={10} />}>
              Failed
            </Badge>
          ) : room > 110 ? (
            <Badge size="xs" variant="filled" color={status.color}>
              {status.label}
            </Badge>
          ) : null}
        </Group>
        {props.playheadTime !== null ? (
          <Box
            pos="absolute"
            top={0}
            bottom={0}
            w={2}
            left={props.playheadTime * scale - 1}
            style={{ background: 'var(--mantine-color-red-5)', zIndex: 3, pointerEvents: 'none' }}
            data-testid="playhead"
          />
        ) : null}
        {props.readOnly ? null : (
          <>
            <Box
              role="slider"
              tabIndex={0}
              aria-label={`Start trim of clip ${n}`}
              aria-valuemin={0}
              aria-valuemax={item.duration}
              aria-valuenow={item.startTrim}
              aria-valuetext={`${item.startTrim.toFixed(2)} seconds`}
              data-testid="trim-start"
              onPointerDown={startDrag('start')}
              onKeyDown={handleKeys('start')}
              style={handleStyle('left', item.startTrim * scale)}
            >
              {grip}
            </Box>
            <Box
              role="slider"
              tabIndex={0}
              aria-label={`End trim of clip ${n}`}
              aria-valuemin={0}
              aria-valuemax={item.duration}
              aria-valuenow={item.endTrim}
              aria-valuetext={`${item.endTrim.toFixed(2)} seconds`}
              data-testid="trim-end"
              onPointerDown={startDrag('end')}
              onKeyDown={handleKeys('end')}
              style={handleStyle('right', item.endTrim * scale)}
            >
              {grip}
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}

/** The clips in order: drag a clip to move it, drag its edges to trim; durations to scale. */
export function Timeline({ items, server, imageJobs, selectedKey, playhead, pps, onZoom, onSelect, onTrim, onMove, onAdd }: TimelineProps) {
  const { viewOnly } = useEditAccess();
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const total = items.reduce((sum, i) => sum + playedOf(i), 0);

  const finishDrop = () => {
    if (dragKey !== null && dropIndex !== null) {
      const from = items.findIndex((i) => i.key === dragKey);
      if (from >= 0) onMove(dragKey, dropIndex > from ? dropIndex - 1 : dropIndex);
    }
    setDragKey(null);
    setDropIndex(null);
  };

  const addButton = (
    <GuardedButton action="createClip" onAction={onAdd} size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />}>
      Add clip
    </GuardedButton>
  );

  return (
    <Box>
      <Group px="md" pt={8} pb={6} justify="space-between" wrap="nowrap" gap="sm">
        <Group gap={8} wrap="nowrap" miw={0}>
          <IconTimeline size={18} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text fw={650} size="sm">
            Timeline
          </Text>
          <Text size="xs" c="dimmed" data-testid="timeline-summary" truncate>
            {items.length} {items.length === 1 ? 'clip' : 'clips'} · {formatSeconds(total)}
          </Text>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Group gap={6} wrap="nowrap" visibleFrom="sm">
            <IconZoomOut size={15} color="var(--mantine-color-dimmed)" aria-hidden />
            <Slider w={110} size="xs" min={MIN_PPS} max={MAX_PPS} step={2} value={pps} onChange={onZoom} label={null} aria-label="Timeline zoom" />
            <IconZoomIn size={15} color="var(--mantine-color-dimmed)" aria-hidden />
          </Group>
          {addButton}
        </Group>
      </Group>
      {items.length === 0 ? (
        <Box px="md" pb="md">
          <Paper withBorder radius="md" py="sm" px="md" style={{ borderStyle: 'dashed' }} bg="transparent">
            <Text size="sm" fw={600}>
              No clips yet
            </Text>
            <Text size="xs" c="dimmed">
              Add a clip, describe it, and generate its video. Clips line up here; drag to reorder and drag their edges to trim.
            </Text>
          </Paper>
        </Box>
      ) : (
        <ScrollArea type="auto" scrollbarSize={8} offsetScrollbars="x">
          <Group
            gap={8}
            wrap="nowrap"
            px="md"
            pt={6}
            pb="md"
            align="stretch"
            data-testid="timeline"
            onDragOver={(event) => {
              if (dragKey === null) return;
              event.preventDefault();
              // Past the last clip: drop at the end.
              const last = event.currentTarget.lastElementChild?.previousElementSibling;
              if (last && event.clientX > last.getBoundingClientRect().right) setDropIndex(items.length);
            }}
            onDrop={(event) => {
              event.preventDefault();
              finishDrop();
            }}
          >
            {items.map((item, index) => (
              <ClipBlock
                key={item.key}
                item={item}
                index={index}
                clip={server[item.key]}
                imageProgress={imageJobs[item.key]}
                selected={item.key === selectedKey}
                pps={pps}
                playheadTime={playhead?.key === item.key ? playhead.time : null}
                dropSide={
                  dragKey === null || dropIndex === null
                    ? null
                    : dropIndex === index
                      ? 'before'
                      : dropIndex === items.length && index === items.length - 1
                        ? 'after'
                        : null
                }
                onSelect={() => onSelect(item.key)}
                readOnly={viewOnly}
                onTrim={(patch, tag) => onTrim(item.key, patch, tag)}
                onMoveBy={(delta) => onMove(item.key, index + delta)}
                onDragStart={(event) => {
                  event.dataTransfer.setData('text/plain', item.key);
                  event.dataTransfer.effectAllowed = 'move';
                  setDragKey(item.key);
                  onSelect(item.key);
                }}
                onDragOver={(event) => {
                  if (dragKey === null) return;
                  event.preventDefault();
                  event.stopPropagation();
                  event.dataTransfer.dropEffect = 'move';
                  const rect = event.currentTarget.getBoundingClientRect();
                  setDropIndex(event.clientX < rect.left + rect.width / 2 ? index : index + 1);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  finishDrop();
                }}
                onDragEnd={() => {
                  setDragKey(null);
                  setDropIndex(null);
                }}
              />
            ))}
            {/* The header's Add clip says "View only" to a viewer; this shortcut is not offered. */}
            {viewOnly ? null : (
              <Tooltip label="Add clip">
                <ActionIcon
                  variant="default"
                  aria-label="Add clip at the end"
                  h={BLOCK_HEIGHT}
                  w={44}
                  radius={10}
                  style={{ flex: 'none', borderStyle: 'dashed' }}
                  onClick={onAdd}
                >
                  <IconPlus size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </ScrollArea>
      )}
    </Box>
  );
}
