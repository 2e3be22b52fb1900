import { AspectRatio, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCut, IconFileExport, IconMovie, IconPhotoUp, IconPlayerPlay, IconSparkles, IconTimeline, IconWand } from '@tabler/icons-react';
import { EditorFrame } from '../../components/EditorFrame';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';

const TOOLS = [
  { label: 'Clips', icon: IconMovie },
  { label: 'Trim', icon: IconCut },
  { label: 'Image to video', icon: IconPhotoUp },
  { label: 'Prompt', icon: IconWand },
];

/** /projects/{projectId}/video-editor — clips generated from prompts, arranged and trimmed on a timeline. */
export function VideoEditorScreen({ projectId: _projectId }: { projectId: string }) {
  return (
    <EditorFrame
      title="Video Editor"
      subtitle="Video project"
      tools={TOOLS}
      actions={
        <GuardedButton action="exportVideo" size="xs" variant="default" leftSection={<IconFileExport size={14} aria-hidden />}>
          Export
        </GuardedButton>
      }
      stage={
        <Paper radius="md" w="100%" maw={960} bg="dark.9" withBorder>
          <AspectRatio ratio={16 / 9}>
            <Stack align="center" justify="center" gap={6}>
              <IconPlayerPlay size={36} color="var(--mantine-color-dark-2)" aria-hidden />
              <Text size="sm" c="dark.2">
                Preview
              </Text>
            </Stack>
          </AspectRatio>
        </Paper>
      }
      bottom={
        <Group p="md" gap="md" wrap="nowrap" align="stretch">
          <IconTimeline size={20} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
          <Paper withBorder radius="md" style={{ flex: 1, borderStyle: 'dashed' }} py="sm" px="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div>
                <Text size="sm" fw={600}>
                  No clips yet
                </Text>
                <Text size="xs" c="dimmed">
                  Generated clips line up here; drag to reorder and trim their ends.
                </Text>
              </div>
              <GuardedButton action="generateVideoClip" size="xs" leftSection={<IconSparkles size={14} aria-hidden />}>
                Generate clip
              </GuardedButton>
            </Group>
          </Paper>
        </Group>
      }
      panelTitle="Clip settings"
      panel={
        <ScreenEmptyState
          bare
          icon={<IconMovie size={22} stroke={1.6} />}
          title="No clip selected"
          description="Select a clip on the timeline to edit its prompt, model and trims."
        />
      }
    />
  );
}
