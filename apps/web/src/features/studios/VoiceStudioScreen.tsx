import { IconMicrophone2, IconPlus } from '@tabler/icons-react';
import { GuardedButton } from '../../components/GuardedButton';
import { StandardScreen } from '../../components/StandardScreen';

/** /voice-studio — voice cloning and text to speech. */
export function VoiceStudioScreen() {
  return (
    <StandardScreen
      eyebrow="Studio"
      title="Voice Studio"
      description="Clone a voice from a short recording, then turn any text into natural speech with it."
      empty={{
        icon: <IconMicrophone2 size={26} stroke={1.6} />,
        title: 'No voice profiles yet',
        description: 'Upload a clean recording of a voice you have permission to use to create your first profile.',
        actions: (
          <GuardedButton action="createVoiceProfile" leftSection={<IconPlus size={16} aria-hidden />}>
            Create voice profile
          </GuardedButton>
        ),
      }}
    />
  );
}
