import { IconPalette, IconPlus } from '@tabler/icons-react';
import { GuardedButton } from '../../components/GuardedButton';
import { StandardScreen } from '../../components/StandardScreen';

/** /brand-kit — colours, fonts, logos and voice that generations should follow. */
export function BrandKitScreen() {
  return (
    <StandardScreen
      eyebrow="Library"
      title="Brand Kit"
      description="Your colours, fonts, logos and tone of voice, applied to images, videos and articles you generate."
      empty={{
        icon: <IconPalette size={26} stroke={1.6} />,
        title: 'No brand kit yet',
        description: 'Add your brand colours, fonts and logo once; every studio can then keep results on-brand.',
        actions: (
          <GuardedButton action="createBrandKit" leftSection={<IconPlus size={16} aria-hidden />}>
            Create brand kit
          </GuardedButton>
        ),
      }}
    />
  );
}
