import { ASPECT_RATIOS } from '@atelier/shared';
import { Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconPhoto, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

const OUTPUT_TYPES = [
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
  { value: 'audio', label: 'Audio' },
  { value: 'text', label: 'Text' },
];

/** /quick-create — one prompt, one generation, no project needed. */
export function QuickCreateScreen() {
  const [type, setType] = useState('image');
  const [prompt, setPrompt] = useState('');
  const [ratio, setRatio] = useState<string | null>(ASPECT_RATIOS[0]);
  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow="Create"
        title="Quick Create"
        description="Describe what you want and generate an image, a video clip, a voice-over or a text in one step."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card>
          <Stack gap="md">
            <SegmentedControl value={type} onChange={setType} data={OUTPUT_TYPES} aria-label="Output type" fullWidth />
            <Textarea
              label="Prompt"
              description="Be specific about subject, style, light and mood."
              placeholder="A ceramic teapot on a linen table, soft morning light, film grain"
              autosize
              minRows={5}
              value={prompt}
              onChange={(event) => setPrompt(event.currentTarget.value)}
            />
            {type === 'image' || type === 'video' ? (
              <Select label="Aspect ratio" data={[...ASPECT_RATIOS]} value={ratio} onChange={setRatio} allowDeselect={false} />
            ) : null}
            <Group justify="flex-end">
              <GuardedButton action="generateQuickCreate" leftSection={<IconSparkles size={16} aria-hidden />} disabled={prompt.trim() === ''}>
                Generate
              </GuardedButton>
            </Group>
          </Stack>
        </Card>
        <ScreenEmptyState
          icon={<IconPhoto size={26} stroke={1.6} />}
          title="Nothing generated yet"
          description="Your result appears here, with its cost in credits, as soon as it is ready."
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Every generation is also kept in your History.
      </Text>
    </Stack>
  );
}
