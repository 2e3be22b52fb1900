import { SegmentedControl } from '@mantine/core';
import { IconBookmark, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { StandardScreen } from '../../components/StandardScreen';

/** /prompts — the saved-prompt library, filterable by category. */
export function PromptsScreen() {
  const [category, setCategory] = useState('all');
  return (
    <StandardScreen
      eyebrow="Library"
      title="Prompt Library"
      description="Prompts worth keeping, sorted by category, ready to reuse in any studio."
      headerActions={
        <GuardedButton action="savePrompt" leftSection={<IconPlus size={16} aria-hidden />}>
          Save a prompt
        </GuardedButton>
      }
      empty={{
        icon: <IconBookmark size={26} stroke={1.6} />,
        title: 'No saved prompts yet',
        description: 'Save a prompt that worked well and find it here next time.',
      }}
    >
      <SegmentedControl
        value={category}
        onChange={setCategory}
        aria-label="Category"
        w="fit-content"
        data={[
          { value: 'all', label: 'All' },
          { value: 'image', label: 'Image' },
          { value: 'video', label: 'Video' },
          { value: 'text', label: 'Text' },
          { value: 'audio', label: 'Audio' },
        ]}
      />
    </StandardScreen>
  );
}
