import { IconPalette, IconSparkles } from '@tabler/icons-react';
import { GuardedButton } from '../../components/GuardedButton';
import { StandardScreen } from '../../components/StandardScreen';

/** /style-transfer — restyle an image after a reference style. */
export function StyleTransferScreen() {
  return (
    <StandardScreen
      eyebrow="Studio"
      title="Style Transfer"
      description="Take an image and repaint it in the style of another — a painting, a film still, your brand look."
      empty={{
        icon: <IconPalette size={26} stroke={1.6} />,
        title: 'No style transfers yet',
        description: 'Pick a content image and a style reference; the restyled results are kept here.',
        actions: (
          <GuardedButton action="generateStyleTransfer" leftSection={<IconSparkles size={16} aria-hidden />}>
            Start a style transfer
          </GuardedButton>
        ),
      }}
    />
  );
}
