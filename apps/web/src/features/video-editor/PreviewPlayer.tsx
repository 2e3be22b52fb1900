import { ActionIcon, AspectRatio, Badge, Box, Center, Group, Paper, Slider, Stack, Text, Tooltip } from '@mantine/core';
import { IconMovie, IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlayerSkipBackFilled } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatSeconds, locate, type SequenceEntry, sequenceLength } from './timeline';

export interface Playhead {
  key: string;
  /** Seconds into the clip's video. */
  time: number;
}

interface PreviewPlayerProps {
  sequence: SequenceEntry[];
  /** Width / height of the project's frame. */
  ratio: number;
  /** The selected clip: shown (at its start) while paused. */
  focusKey: string | null;
  onPlayhead: (playhead: Playhead | null) => void;
  /** Guests' local edits are allowed; play and seek go through this guard name check. */
  guard: (action: string, fn: () => void) => void;
}

/**
 * Plays the timeline as one sequence honouring trims: one <video> element whose source is switched
 * clip by clip — each clip is seeked to its start trim and left at duration − end trim for the next.
 * Clips without a video are skipped (as in the export).
 */
export function PreviewPlayer({ sequence, ratio, focusKey, onPlayhead, guard }: PreviewPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [failed, setFailed] = useState(false);
  const total = sequenceLength(sequence);

  const seq = useRef(sequence);
  const idx = useRef(index);
  const loadedUrl = useRef<string | null>(null);
  const pending = useRef<{ time: number; play: boolean } | null>(null);
  const headCb = useRef(onPlayhead);
  useLayoutEffect(() => {
    seq.current = sequence;
    idx.current = index;
    headCb.current = onPlayhead;
  });

  /** Shows clip `i` at `time` seconds into its video, playing or not. */
  const show = useCallback((i: number, time: number, play: boolean) => {
    const el = video.current;
    const entry = seq.current[i];
    if (!el || !entry) return;
    idx.current = i;
    setIndex(i);
    setFailed(false);
    if (loadedUrl.current !== entry.url) {
      loadedUrl.current = entry.url;
      pending.current = { time, play };
      el.src = entry.url;
      el.load();
      return;
    }
    if (Math.abs(el.currentTime - time) > 0.01) el.currentTime = time;
    if (play) void el.play().catch(() => setPlaying(false));
  }, []);

  const onLoaded = () => {
    const el = video.current;
    const next = pending.current;
    if (!el || !next) return;
    pending.current = null;
    el.currentTime = next.time;
    if (next.play) void el.play().catch(() => setPlaying(false));
  };

  const seekTo = useCallback(
    (t: number, play: boolean) => {
      const { index: i, local } = locate(seq.current, t);
      if (i < 0) return;
      const entry = seq.current[i] as SequenceEntry;
      setPosition(entry.offset + local);
      show(i, entry.start + Math.min(local, entry.played - 0.01), play);
    },
    [show],
  );

  const stop = useCallback(() => {
    video.current?.pause();
    setPlaying(false);
  }, []);

  // While playing: leave each clip at its end trim and go on with the next one.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let lastReported = -1;
    const tick = () => {
      const el = video.current;
      const entry = seq.current[idx.current];
      if (el && entry && !pending.current) {
        const end = Math.min(entry.end, Number.isFinite(el.duration) && el.duration > 0 ? el.duration : entry.end);
        if (el.currentTime >= end - 0.02 || el.ended) {
          const nextIndex = idx.current + 1;
          const next = seq.current[nextIndex];
          if (next) show(nextIndex, next.start, true);
          else {
            el.pause();
            setPlaying(false);
            setPosition(sequenceLength(seq.current));
          }
        } else {
          const at = entry.offset + Math.max(0, el.currentTime - entry.start);
          if (Math.abs(at - lastReported) >= 0.04) {
            lastReported = at;
            setPosition(at);
            headCb.current({ key: entry.key, time: el.currentTime });
          }
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, show]);

  // Paused: follow the selected clip, and show the new edge when its trims change.
  const lastFocus = useRef<{ key: string | null; start: number; end: number } | null>(null);
  useEffect(() => {
    if (playing) return;
    const i = sequence.findIndex((e) => e.key === focusKey);
    const entry = i >= 0 ? (sequence[i] as SequenceEntry) : null;
    const before = lastFocus.current;
    lastFocus.current = entry ? { key: entry.key, start: entry.start, end: entry.end } : { key: focusKey, start: 0, end: 0 };
    if (!entry) {
      if (sequence.length && (idx.current >= sequence.length || loadedUrl.current === null)) seekTo(0, false);
      return;
    }
    const focusChanged = before?.key !== entry.key;
    const startChanged = !focusChanged && before?.start !== entry.start;
    const endChanged = !focusChanged && !startChanged && before?.end !== entry.end;
    // The clip on screen got a new video (regenerated) while paused on it.
    const staleVideo = idx.current === i && loadedUrl.current !== entry.url;
    if (endChanged) {
      setPosition(entry.offset + entry.played);
      show(i, Math.max(entry.start, entry.end - 0.05), false);
    } else if (focusChanged || startChanged || staleVideo) {
      setPosition(entry.offset);
      show(i, entry.start, false);
    }
  }, [sequence, focusKey, playing, show, seekTo]);

  useEffect(() => {
    if (!playing) headCb.current(null);
  }, [playing]);

  const toggle = () =>
    guard('editor.preview.play', () => {
      if (playing) return stop();
      if (!sequence.length) return;
      setPlaying(true);
      seekTo(position >= total - 0.05 ? 0 : position, true);
    });

  const entry = sequence[index];
  return (
    <Stack gap="xs" w="100%" maw={`min(100%, calc((100dvh - 380px) * ${ratio}))`} miw={220} data-testid="preview">
      <Paper radius="md" bg="black" style={{ overflow: 'hidden', boxShadow: 'var(--mantine-shadow-md)' }}>
        <AspectRatio ratio={ratio}>
          <Box pos="relative">
            {/* biome-ignore lint/a11y/useMediaCaption: generated clips carry no speech to caption */}
            <video
              ref={video}
              playsInline
              preload="auto"
              onLoadedMetadata={onLoaded}
              onError={() => sequence.length && setFailed(true)}
              poster={entry?.poster ?? undefined}
              data-testid="preview-video"
              data-playing={playing ? 'true' : 'false'}
              data-clip-number={entry?.number ?? ''}
              aria-label="Timeline preview"
              style={{ width: '100%', height: '100%', objectFit: 'contain', display: sequence.length ? 'block' : 'none' }}
            />
            {sequence.length === 0 ? (
              <Center pos="absolute" inset={0}>
                <Stack align="center" gap={6} px="md">
                  <IconMovie size={34} stroke={1.4} color="var(--mantine-color-dark-2)" aria-hidden />
                  <Text size="sm" c="dark.1" ta="center">
                    Nothing to play yet
                  </Text>
                  <Text size="xs" c="dark.2" ta="center" maw={320}>
                    Generate a video for a clip and it plays here, in timeline order, with its trims.
                  </Text>
                </Stack>
              </Center>
            ) : null}
            {failed ? (
              <Center pos="absolute" inset={0} bg="rgba(0,0,0,0.6)">
                <Text size="sm" c="red.3">
                  This clip’s video could not be loaded.
                </Text>
              </Center>
            ) : null}
            {entry && sequence.length ? (
              <Badge pos="absolute" top={10} left={10} variant="filled" color="dark" size="sm" style={{ opacity: 0.85 }}>
                Clip {entry.number}
              </Badge>
            ) : null}
          </Box>
        </AspectRatio>
      </Paper>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Back to start">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Back to start"
            disabled={!sequence.length}
            onClick={() => guard('editor.timeline.seek', () => seekTo(0, playing))}
          >
            <IconPlayerSkipBackFilled size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <ActionIcon
          size="lg"
          radius="xl"
          aria-label={playing ? 'Pause' : 'Play'}
          disabled={!sequence.length}
          onClick={toggle}
          data-testid="play-toggle"
        >
          {playing ? <IconPlayerPauseFilled size={18} aria-hidden /> : <IconPlayerPlayFilled size={18} aria-hidden />}
        </ActionIcon>
        <Text size="xs" ff="monospace" c="dimmed" miw={92} data-testid="preview-time">
          {formatSeconds(position)} / {formatSeconds(total)}
        </Text>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={Math.max(total, 0.01)}
          step={0.05}
          value={Math.min(position, total)}
          disabled={!sequence.length}
          label={(v) => formatSeconds(v)}
          aria-label="Seek in the sequence"
          size="sm"
          onChange={(t) => guard('editor.timeline.seek', () => seekTo(t, playing))}
        />
      </Group>
    </Stack>
  );
}
