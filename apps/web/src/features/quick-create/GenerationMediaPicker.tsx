import { Alert, Button, Group, Image, Input, Loader, Modal, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMusic, IconPhoto, IconX } from '@tabler/icons-react';
import { skipToken } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { GenerationThumb } from '../history/GenerationMedia';
import { mediaKeyFromUrl } from '../history/generation';

export interface PickedMedia {
  key: string;
  url: string | null;
}

interface GenerationMediaPickerProps {
  kind: 'image' | 'audio';
  label: string;
  description: string;
  required?: boolean;
  value: PickedMedia | null;
  onChange: (value: PickedMedia | null) => void;
}

/** Picks an input (image for image-to-video, reference audio) from the user's own finished generations. */
export function GenerationMediaPicker({ kind, label, description, required = false, value, onChange }: GenerationMediaPickerProps) {
  const [opened, modal] = useDisclosure(false);
  const list = trpc.generation.history.useQuery(opened ? { type: kind, status: 'COMPLETED', limit: 24, offset: 0 } : skipToken);
  const KindIcon = kind === 'image' ? IconPhoto : IconMusic;
  const items = (list.data?.generations ?? []).filter((g) => mediaKeyFromUrl(g.outputUrl));

  return (
    <Input.Wrapper label={label} description={description} withAsterisk={required}>
      <Paper withBorder p="xs" mt={6} radius="md">
        {value ? (
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              {kind === 'image' && value.url ? (
                <Image src={value.url} alt="Chosen input image" w={48} h={48} radius="sm" fit="cover" />
              ) : (
                <KindIcon size={22} aria-hidden />
              )}
              <Text size="sm" truncate>
                {kind === 'image' ? 'Image from your generations' : 'Audio from your generations'}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <Button size="xs" variant="subtle" onClick={modal.open}>
                Change
              </Button>
              <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} aria-hidden />} onClick={() => onChange(null)}>
                Remove
              </Button>
            </Group>
          </Group>
        ) : (
          <Button variant="light" size="xs" leftSection={<KindIcon size={14} aria-hidden />} onClick={modal.open}>
            {kind === 'image' ? 'Choose one of your images' : 'Choose one of your audio clips'}
          </Button>
        )}
      </Paper>

      <Modal opened={opened} onClose={modal.close} title={kind === 'image' ? 'Choose an image' : 'Choose an audio clip'} size="lg">
        {list.isLoading ? (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        ) : list.error ? (
          <Alert color="red" title="Could not load your generations">
            {errorMessage(list.error)}
          </Alert>
        ) : items.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <KindIcon size={28} aria-hidden />
            <Text fw={600}>{kind === 'image' ? 'No images yet' : 'No audio yet'}</Text>
            <Text size="sm" c="dimmed" ta="center" maw={360}>
              Generate {kind === 'image' ? 'an image' : 'some audio'} first; your finished generations appear here to reuse.
            </Text>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {items.map((g) => (
              <UnstyledButton
                key={g.id}
                aria-label={`Use: ${g.prompt}`}
                onClick={() => {
                  const key = mediaKeyFromUrl(g.outputUrl);
                  if (key) onChange({ key, url: g.type === 'image' ? g.outputUrl : g.thumbnailUrl });
                  modal.close();
                }}
              >
                <Stack gap={4}>
                  <GenerationThumb generation={g} />
                  <Text size="xs" lineClamp={2} c="dimmed">
                    {g.prompt}
                  </Text>
                </Stack>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </Modal>
    </Input.Wrapper>
  );
}
