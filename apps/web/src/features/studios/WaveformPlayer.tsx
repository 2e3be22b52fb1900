import { ActionIcon, Alert, Group, Paper, Stack, Switch, Text, Tooltip, useMantineTheme } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

interface WaveformPlayerProps {
  src: string;
  title: string;
  /** File name offered by the download button. */
  downloadName: string;
  /** Show the loop switch (music). */
  loopable?: boolean;
}

/** Peaks of the decoded audio (Web Audio API), one max-abs value per bucket. */
async function decodePeaks(src: string, buckets: number, signal: AbortSignal): Promise<number[]> {
  const res = await fetch(src, { signal });
  if (!res.ok) throw new Error(`Could not load the audio (${res.status})`);
  const data = await res.arrayBuffer();
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext: typeof AudioContext }).webkitAudioContext;
  const ctx = new Ctx();
  try {
    const audio = await ctx.decodeAudioData(data);
    const channel = audio.getChannelData(0);
    const size = Math.max(1, Math.floor(channel.length / buckets));
    const peaks: number[] = [];
    for (let b = 0; b < buckets; b++) {
      let max = 0;
      const end = Math.min(channel.length, (b + 1) * size);
      for (let i = b * size; i < end; i++) max = Math.max(max, Math.abs(channel[i] ?? 0));
      peaks.push(max);
    }
    const top = Math.max(0.001, ...peaks);
    return peaks.map((p) => p / top);
  } finally {
    void ctx.close();
  }
}

/** An audio player with a waveform drawn from the decoded audio, click-to-seek, loop and download. */
export function WaveformPlayer({ src, title, downloadName, loopable }: WaveformPlayerProps) {
  const theme = useMantineTheme();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [peaks, setPeaks] = useState<number[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [position, setPosition] = useState(0);
  const [loop, setLoop] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    setPeaks(null);
    setError(null);
    decodePeaks(src, 160, ctrl.signal)
      .then(setPeaks)
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setError(e instanceof Error ? e.message : 'Could not draw the waveform');
      });
    return () => ctrl.abort();
  }, [src]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    canvas.width = w * dpr;
    canvas.height = h * dpr;
    const g = canvas.getContext('2d');
    if (!g) return;
    g.scale(dpr, dpr);
    g.clearRect(0, 0, w, h);
    const list = peaks ?? Array.from({ length: 160 }, () => 0.04);
    const bar = w / list.length;
    const played = theme.colors[theme.primaryColor]?.[6] ?? '#7c3aed';
    const rest = theme.colors.gray[5] ?? '#adb5bd';
    list.forEach((p, i) => {
      const height = Math.max(2, p * (h - 4));
      g.fillStyle = i / list.length <= position ? played : rest;
      g.fillRect(i * bar + 0.5, (h - height) / 2, Math.max(1, bar - 1.5), height);
    });
  }, [peaks, position, theme]);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} lineClamp={1}>
            {title}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {loopable ? <Switch size="sm" label="Loop" checked={loop} onChange={(e) => setLoop(e.currentTarget.checked)} /> : null}
            <Tooltip label="Download">
              <ActionIcon component="a" href={src} download={downloadName} variant="light" aria-label={`Download ${title}`}>
                <IconDownload size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`Waveform of ${title}`}
          style={{ width: '100%', height: 72, cursor: 'pointer', display: 'block' }}
          onClick={(e) => {
            const audio = audioRef.current;
            if (!audio || !Number.isFinite(audio.duration)) return;
            const rect = e.currentTarget.getBoundingClientRect();
            audio.currentTime = ((e.clientX - rect.left) / rect.width) * audio.duration;
          }}
        />
        {error ? (
          <Alert color="yellow" variant="light" py={6}>
            {error}
          </Alert>
        ) : null}
        {/* biome-ignore lint/a11y/useMediaCaption: generated music and speech have no caption track */}
        <audio
          ref={audioRef}
          src={src}
          controls
          loop={loop}
          preload="auto"
          aria-label={title}
          style={{ width: '100%' }}
          onTimeUpdate={(e) => {
            const a = e.currentTarget;
            setPosition(a.duration ? a.currentTime / a.duration : 0);
          }}
        />
      </Stack>
    </Paper>
  );
}
