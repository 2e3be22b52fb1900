import { IconPlus, IconUserSquareRounded } from '@tabler/icons-react';
import { GuardedButton } from '../../components/GuardedButton';
import { StandardScreen } from '../../components/StandardScreen';

/** /avatar-studio — avatars that can be generated, animated and made to speak. */
export function AvatarStudioScreen() {
  return (
    <StandardScreen
      eyebrow="Studio"
      title="Avatar Studio"
      description="Create an avatar from a photo or a prompt, then animate it and let it speak with one of your voices."
      empty={{
        icon: <IconUserSquareRounded size={26} stroke={1.6} />,
        title: 'No avatars yet',
        description: 'Your avatars appear here, ready to animate or to read a script.',
        actions: (
          <GuardedButton action="createAvatar" leftSection={<IconPlus size={16} aria-hidden />}>
            Create avatar
          </GuardedButton>
        ),
      }}
    />
  );
}
