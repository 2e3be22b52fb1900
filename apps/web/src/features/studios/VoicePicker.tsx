import { Group, Select, Slider, Stack, Text } from '@mantine/core';
import { trpc } from '../../lib/trpc';
import type { Generation } from '../history/generation';

export const DEFAULT_VOICE_ID = 'en-us+f3';

export interface VoiceSettings {
  voiceId: string;
  speed: number;
  pitch: number;
}

export const DEFAULT_VOICE: VoiceSettings = { voiceId: DEFAULT_VOICE_ID, speed: 1, pitch: 50 };

/**
 * The voice, speed and pitch of the voice and avatar studios: the user's cloned voices and the built-in ones in one
 * select that always holds a voice (picking the chosen one again keeps it), and the speed/pitch sliders. Picking a
 * clone loads its own pitch and speed.
 */
export function VoicePicker({ value, onChange }: { value: VoiceSettings; onChange: (next: VoiceSettings) => void }) {
  const voices = trpc.studios.voices.useQuery(undefined, { staleTime: 300_000 });
  const profiles = trpc.studios.voiceProfiles.useQuery(undefined, { staleTime: 10_000 });
  const profileList = profiles.data?.profiles ?? [];
  const data = [
    ...(profileList.length ? [{ group: 'Your voices', items: profileList.map((p) => ({ value: p.id, label: p.name })) }] : []),
    { group: 'Built-in voices', items: (voices.data?.voices ?? []).map((v) => ({ value: v.id, label: v.name })) },
  ];
  const { speed, pitch } = value;
  return (
    <Stack gap="md">
      <Select
        label="Voice"
        data={data}
        value={value.voiceId}
        onChange={(v) => {
          if (!v) return;
          const profile = profileList.find((x) => x.id === v);
          onChange(profile ? { voiceId: v, pitch: profile.pitch, speed: profile.speed } : { ...value, voiceId: v });
        }}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No voice matches"
      />
      <Group grow align="flex-start">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Speed: {speed.toFixed(2)}×
          </Text>
          <Slider
            thumbLabel="Speed"
            min={0.5}
            max={2}
            step={0.05}
            value={speed}
            onChange={(s) => onChange({ ...value, speed: s })}
            label={(v) => `${v.toFixed(2)}×`}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Pitch: {pitch}
          </Text>
          <Slider thumbLabel="Pitch" min={0} max={100} step={1} value={pitch} onChange={(p) => onChange({ ...value, pitch: p })} />
        </Stack>
      </Group>
    </Stack>
  );
}

/**
 * The name of the voice a take was spoken with: the name kept on the take (a clone's own name), else the built-in
 * voice's or the clone's current name, else its id.
 */
export function useVoiceLabel(): (g: Generation) => string {
  const voices = trpc.studios.voices.useQuery(undefined, { staleTime: 300_000 });
  const profiles = trpc.studios.voiceProfiles.useQuery(undefined, { staleTime: 10_000 });
  return (g) => {
    if (typeof g.params.voiceName === 'string' && g.params.voiceName) return g.params.voiceName;
    const profile = profiles.data?.profiles.find((p) => p.id === g.params.profileId || p.id === g.params.voice);
    if (profile) return profile.name;
    const builtin = voices.data?.voices.find((v) => v.id === (g.params.voice ?? g.params.voiceId));
    return builtin?.name ?? String(g.params.voiceId ?? 'Default voice');
  };
}
