import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { recordingToWav } from './recording';

/** Records a sample in the browser (MediaRecorder) with a live level meter (AnalyserNode); hands back a WAV file. */
export function VoiceRecorder({ onRecorded, disabled }: { onRecorded: (file: File) => void; disabled?: boolean }) {
  const [recording, setRecording] = useState(false);
  const [level, setLevel] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const cleanup = useRef<(() => void) | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);

  useEffect(() => () => cleanup.current?.(), []);

  const start = async () => {
    setError(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError('Microphone access was refused or no microphone was found.');
      return;
    }
    const ctx = new AudioContext();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 1024;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const buf = new Float32Array(analyser.fftSize);
    let raf = 0;
    const started = performance.now();
    const tick = () => {
      analyser.getFloatTimeDomainData(buf);
      let sum = 0;
      for (const v of buf) sum += v * v;
      const rms = Math.sqrt(sum / buf.length);
      // dBFS mapped to 0–100 over −60…0 dB.
      setLevel(Math.max(0, Math.min(100, ((20 * Math.log10(rms + 1e-9) + 60) / 60) * 100)));
      setSeconds((performance.now() - started) / 1000);
      raf = requestAnimationFrame(tick);
    };
    tick();
    const chunks: Blob[] = [];
    const recorder = new MediaRecorder(stream);
    recorderRef.current = recorder;
    recorder.ondataavailable = (e) => chunks.push(e.data);
    recorder.onstop = async () => {
      cleanup.current?.();
      try {
        const wav = await recordingToWav(new Blob(chunks, { type: recorder.mimeType }));
        onRecorded(new File([wav], `recording-${new Date().toISOString().slice(11, 19).replace(/:/g, '')}.wav`, { type: 'audio/wav' }));
      } catch {
        setError('The recording could not be converted; try again.');
      }
    };
    cleanup.current = () => {
      cancelAnimationFrame(raf);
      for (const tr of stream.getTracks()) tr.stop();
      void ctx.close();
      cleanup.current = null;
      setRecording(false);
      setLevel(0);
    };
    recorder.start();
    setRecording(true);
  };

  return (
    <Stack gap={6}>
      <Group gap="sm">
        {recording ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
            onClick={() => recorderRef.current?.stop()}
          >
            Stop ({seconds.toFixed(1)} s)
          </Button>
        ) : (
          <Button variant="default" leftSection={<IconMicrophone size={16} aria-hidden />} onClick={() => void start()} disabled={disabled}>
            Record a sample
          </Button>
        )}
        {recording ? (
          <Progress
            value={level}
            color={level > 90 ? 'red' : 'teal'}
            style={{ flex: 1, minWidth: 120 }}
            aria-label="Microphone level"
            transitionDuration={60}
          />
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
