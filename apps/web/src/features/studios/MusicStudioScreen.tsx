import { IconMusic, IconSparkles } from '@tabler/icons-react';
import { GuardedButton } from '../../components/GuardedButton';
import { StandardScreen } from '../../components/StandardScreen';

/** /music-studio — music from a prompt. */
export function MusicStudioScreen() {
  return (
    <StandardScreen
      eyebrow="Studio"
      title="Music Studio"
      description="Describe a track — genre, mood, tempo, length — and generate original music for your projects."
      empty={{
        icon: <IconMusic size={26} stroke={1.6} />,
        title: 'No tracks yet',
        description: 'Tracks you generate are listed here to play, download or use in the sound editor.',
        actions: (
          <GuardedButton action="generateMusic" leftSection={<IconSparkles size={16} aria-hidden />}>
            Generate music
          </GuardedButton>
        ),
      }}
    />
  );
}
