import { clipLength, type SoundClip, type SoundTrack } from '@atelier/shared';
import { ActionIcon, Box, Group, Slider, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconHeadphones, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { type PointerEvent as ReactPointerEvent, useMemo, useRef } from 'react';
import { useEditAccess } from '../collaboration/viewOnly';
import type { SoundSource } from './useSoundSession';

const DEFAULT_HEADER_WIDTH = 210;
const LANE_HEIGHT = 84;
const RULER_HEIGHT = 26;
const SNAP = 0.01;

export function formatTime(t: number): string {
  const s = Math.max(0, t);
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, '0')}`;
}

const snap = (v: number) => Math.round(v / SNAP) * SNAP;

interface Drag {
  kind: 'move' | 'trimStart' | 'trimEnd';
  clipId: string;
  x: number;
  orig: SoundClip;
  duration: number;
  moved: boolean;
}

export interface TimelineActions {
  select: (clipId: string | null, trackId?: string) => void;
  change: (clipId: string, patch: Partial<SoundClip>) => void;
  moveToTrack: (clipId: string, trackId: string) => void;
  track: (trackId: string, patch: Partial<Pick<SoundTrack, 'name' | 'volume' | 'muted' | 'solo'>>) => void;
  seek: (t: number) => void;
}

/** The waveform of the played part of a source, as one SVG path of mirrored bars. */
function Waveform({ source, clip, width, height }: { source: SoundSource; clip: SoundClip; width: number; height: number }) {
  const d = useMemo(() => {
    const peaks = source.peaks;
    if (!peaks.length || width < 2) return '';
    const from = clip.trimStart * source.peaksPerSecond;
    const to = (source.durationSeconds - clip.trimEnd) * source.peaksPerSecond;
    const cols = Math.max(1, Math.floor(width / 2));
    const mid = height / 2;
    const scale = Math.min(1.6, clip.gain);
    let path = '';
    for (let i = 0; i < cols; i++) {
      const a = Math.floor(from + ((to - from) * i) / cols);
      const b = Math.max(a + 1, Math.floor(from + ((to - from) * (i + 1)) / cols));
      let peak = 0;
      for (let k = a; k < b && k < peaks.length; k++) peak = Math.max(peak, peaks[k] ?? 0);
      const h = Math.max(0.5, Math.min(1, peak * scale) * mid * 0.95);
      const x = i * 2 + 1;
      path += `M${x} ${(mid - h).toFixed(1)}V${(mid + h).toFixed(1)}`;
    }
    return path;
  }, [source, clip.trimStart, clip.trimEnd, clip.gain, width, height]);
  return (
    <svg width={width} height={height} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} aria-hidden>
      <path d={d} stroke="currentColor" strokeWidth={1.2} opacity={0.75} />
    </svg>
  );
}

interface SoundTimelineProps {
  tracks: SoundTrack[];
  sources: SoundSource[];
  selectedClipId: string | null;
  selectedTrackId: string | null;
  pps: number;
  time: number;
  length: number;
  actions: TimelineActions;
  /** Width of the sticky track headers (narrower on phones). */
  headerWidth?: number;
}

/** Tracks of clips on a time ruler: drag a clip to move it (also to another track), drag its edges to trim. */
export function SoundTimeline({
  tracks,
  sources,
  selectedClipId,
  selectedTrackId,
  pps,
  time,
  length,
  actions,
  headerWidth: HEADER_WIDTH = DEFAULT_HEADER_WIDTH,
}: SoundTimelineProps) {
  const { viewOnly } = useEditAccess();
  const sourceById = useMemo(() => new Map(sources.map((s) => [s.id, s])), [sources]);
  const drag = useRef<Drag | null>(null);
  const seconds = Math.max(30, Math.ceil(length + 10));
  const width = seconds * pps;
  const anySolo = tracks.some((t) => t.solo && !t.muted);
  const step = pps >= 80 ? 1 : pps >= 30 ? 2 : pps >= 12 ? 5 : 10;

  const onPointerDown = (e: ReactPointerEvent, kind: Drag['kind'], clip: SoundClip, trackId: string) => {
    e.stopPropagation();
    const source = sourceById.get(clip.sourceId);
    if (!source) return;
    actions.select(clip.id, trackId);
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { kind, clipId: clip.id, x: e.clientX, orig: clip, duration: source.durationSeconds, moved: false };
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dt = (e.clientX - d.x) / pps;
    if (!d.moved && Math.abs(e.clientX - d.x) < 3) return;
    d.moved = true;
    const o = d.orig;
    const min = 0.05;
    if (d.kind === 'move') {
      actions.change(d.clipId, { start: snap(Math.max(0, o.start + dt)) });
      const lane = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el instanceof HTMLElement && el.dataset.laneId) as
        | HTMLElement
        | undefined;
      const laneId = lane?.dataset.laneId;
      if (laneId && !tracks.find((t) => t.id === laneId)?.clips.some((c) => c.id === d.clipId)) actions.moveToTrack(d.clipId, laneId);
    } else if (d.kind === 'trimStart') {
      const trimStart = snap(Math.min(Math.max(0, o.trimStart + dt, o.trimStart - o.start), d.duration - o.trimEnd - min));
      actions.change(d.clipId, { trimStart, start: snap(Math.max(0, o.start + (trimStart - o.trimStart))) });
    } else {
      const trimEnd = snap(Math.min(Math.max(0, o.trimEnd - dt), d.duration - o.trimStart - min));
      actions.change(d.clipId, { trimEnd });
    }
  };

  const onPointerUp = () => {
    drag.current = null;
  };

  const seekFrom = (e: ReactPointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    actions.seek(Math.max(0, (e.clientX - rect.left) / pps));
  };

  return (
    <Box
      style={{ position: 'relative', minWidth: HEADER_WIDTH + width }}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      data-testid="sound-timeline"
    >
      {/* ruler */}
      <Group gap={0} wrap="nowrap" h={RULER_HEIGHT} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Box
          w={HEADER_WIDTH}
          h="100%"
          style={{ position: 'sticky', left: 0, zIndex: 3, borderRight: '1px solid var(--mantine-color-default-border)' }}
          bg="var(--mantine-color-body)"
        />
        <Box
          w={width}
          h="100%"
          style={{ position: 'relative', cursor: 'pointer' }}
          onPointerDown={seekFrom}
          aria-label="Time ruler: click to move the playhead"
          data-testid="ruler"
        >
          {Array.from({ length: Math.floor(seconds / step) + 1 }, (_, i) => i * step).map((s) => (
            <Text key={s} size="10px" c="dimmed" style={{ position: 'absolute', left: s * pps + 3, top: 5, userSelect: 'none' }}>
              {formatTime(s).replace(/\.0$/, '')}
            </Text>
          ))}
          {Array.from({ length: Math.floor(seconds / step) + 1 }, (_, i) => i * step).map((s) => (
            <Box
              key={`t${s}`}
              style={{ position: 'absolute', left: s * pps, bottom: 0, width: 1, height: 8 }}
              bg="var(--mantine-color-default-border)"
            />
          ))}
        </Box>
      </Group>

      {tracks.map((track, ti) => {
        const silent = track.muted || (anySolo && !track.solo);
        const selectedTrack = track.id === selectedTrackId;
        return (
          <Group
            key={track.id}
            gap={0}
            wrap="nowrap"
            h={LANE_HEIGHT}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            data-testid="track"
            data-track-name={track.name}
          >
            <Stack
              w={HEADER_WIDTH}
              h="100%"
              gap={4}
              p={8}
              justify="center"
              style={{
                position: 'sticky',
                left: 0,
                zIndex: 3,
                borderRight: '1px solid var(--mantine-color-default-border)',
                boxShadow: selectedTrack ? 'inset 3px 0 0 var(--mantine-primary-color-filled)' : undefined,
              }}
              bg="var(--mantine-color-body)"
              onPointerDown={() => actions.select(null, track.id)}
            >
              <Group gap={4} wrap="nowrap">
                {/* a long name does not fit the header: the whole name shows on hover, focus or touch */}
                <Tooltip label={track.name} multiline maw={260} events={{ hover: true, focus: true, touch: true }} openDelay={200}>
                  <TextInput
                    size="xs"
                    variant="unstyled"
                    aria-label={`Track ${ti + 1} name`}
                    title={track.name}
                    value={track.name}
                    maxLength={60}
                    onChange={(e) => actions.track(track.id, { name: e.currentTarget.value })}
                    styles={{ input: { fontWeight: 600, height: 22, minHeight: 22 } }}
                    style={{ flex: 1, minWidth: 0 }}
                    data-testid="track-name"
                  />
                </Tooltip>
                <Tooltip label={track.muted ? 'Unmute' : 'Mute'}>
                  <ActionIcon
                    size="sm"
                    variant={track.muted ? 'filled' : 'default'}
                    color={track.muted ? 'red' : 'gray'}
                    aria-label={`Mute ${track.name}`}
                    aria-pressed={track.muted}
                    onClick={() => actions.track(track.id, { muted: !track.muted })}
                  >
                    {track.muted ? (
                      <IconVolumeOff size={14} />
                    ) : (
                      <Text size="10px" fw={700}>
                        M
                      </Text>
                    )}
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={track.solo ? 'Unsolo' : 'Solo: hear only soloed tracks'}>
                  <ActionIcon
                    size="sm"
                    variant={track.solo ? 'filled' : 'default'}
                    color={track.solo ? 'yellow' : 'gray'}
                    aria-label={`Solo ${track.name}`}
                    aria-pressed={track.solo}
                    onClick={() => actions.track(track.id, { solo: !track.solo })}
                  >
                    {track.solo ? (
                      <IconHeadphones size={14} />
                    ) : (
                      <Text size="10px" fw={700}>
                        S
                      </Text>
                    )}
                  </ActionIcon>
                </Tooltip>
              </Group>
              <Group gap={6} wrap="nowrap">
                <IconVolume size={14} color="var(--mantine-color-dimmed)" aria-hidden />
                <Slider
                  disabled={viewOnly}
                  size="xs"
                  style={{ flex: 1 }}
                  min={0}
                  max={2}
                  step={0.05}
                  value={track.volume}
                  onChange={(v) => actions.track(track.id, { volume: v })}
                  label={(v) => `${Math.round(v * 100)} %`}
                  thumbLabel={`${track.name} volume`}
                />
                <Text size="10px" c="dimmed" w={34} ta="right">
                  {Math.round(track.volume * 100)}%
                </Text>
              </Group>
            </Stack>

            <Box
              w={width}
              h="100%"
              style={{ position: 'relative', opacity: silent ? 0.45 : 1 }}
              data-lane-id={track.id}
              onPointerDown={() => actions.select(null, track.id)}
            >
              {track.clips.map((clip) => {
                const source = sourceById.get(clip.sourceId);
                if (!source) return null;
                const len = clipLength(clip, source.durationSeconds);
                const w = Math.max(6, len * pps);
                const selected = clip.id === selectedClipId;
                const fadeInW = Math.min(w, clip.fadeIn * pps);
                const fadeOutW = Math.min(w, clip.fadeOut * pps);
                return (
                  <Box
                    key={clip.id}
                    data-testid="clip"
                    data-clip-id={clip.id}
                    aria-label={`${source.name} at ${formatTime(clip.start)}`}
                    role="button"
                    tabIndex={0}
                    onKeyDown={(e) => {
                      if (e.key === 'ArrowLeft') actions.change(clip.id, { start: Math.max(0, snap(clip.start - 0.1)) });
                      if (e.key === 'ArrowRight') actions.change(clip.id, { start: snap(clip.start + 0.1) });
                    }}
                    onPointerDown={(e) => onPointerDown(e, 'move', clip, track.id)}
                    style={{
                      position: 'absolute',
                      left: clip.start * pps,
                      top: 6,
                      width: w,
                      height: LANE_HEIGHT - 12,
                      borderRadius: 6,
                      overflow: 'hidden',
                      cursor: 'grab',
                      touchAction: 'none',
                      color: 'var(--mantine-primary-color-filled)',
                      background: 'var(--mantine-primary-color-light)',
                      outline: selected ? '2px solid var(--mantine-primary-color-filled)' : '1px solid var(--mantine-primary-color-light-hover)',
                    }}
                  >
                    <Waveform source={source} clip={clip} width={w} height={LANE_HEIGHT - 12} />
                    <svg width={w} height={LANE_HEIGHT - 12} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} aria-hidden>
                      {fadeInW > 0 && <polygon points={`0,0 ${fadeInW},0 0,${LANE_HEIGHT - 12}`} fill="rgba(0,0,0,0.28)" />}
                      {fadeOutW > 0 && <polygon points={`${w},0 ${w - fadeOutW},0 ${w},${LANE_HEIGHT - 12}`} fill="rgba(0,0,0,0.28)" />}
                    </svg>
                    <Text
                      size="10px"
                      fw={600}
                      c="var(--mantine-color-text)"
                      truncate="end"
                      style={{ position: 'absolute', left: 8, top: 3, right: 8, pointerEvents: 'none' }}
                    >
                      {source.name}
                    </Text>
                    <UnstyledButton
                      aria-label="Trim start"
                      onPointerDown={(e) => onPointerDown(e, 'trimStart', clip, track.id)}
                      style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: 7, cursor: 'ew-resize', touchAction: 'none' }}
                      data-testid="trim-start"
                    />
                    <UnstyledButton
                      aria-label="Trim end"
                      onPointerDown={(e) => onPointerDown(e, 'trimEnd', clip, track.id)}
                      style={{ position: 'absolute', right: 0, top: 0, bottom: 0, width: 7, cursor: 'ew-resize', touchAction: 'none' }}
                      data-testid="trim-end"
                    />
                  </Box>
                );
              })}
            </Box>
          </Group>
        );
      })}

      {/* playhead */}
      <Box
        data-testid="playhead"
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: HEADER_WIDTH + time * pps,
          width: 2,
          zIndex: 2,
          pointerEvents: 'none',
          background: 'var(--mantine-color-red-6)',
        }}
      />
    </Box>
  );
}
