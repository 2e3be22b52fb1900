import { ASPECT_RATIOS, type AspectRatio, DEMO, dimensionsFor, RESOLUTIONS, type Resolution } from '@atelier/shared';
import { Center, Group, AspectRatio as MantineAspectRatio, Paper, Select } from '@mantine/core';
import { IconDeviceFloppy, IconLayersSubtract, IconPhotoPlus, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { EditorFrame } from '../../components/EditorFrame';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';

const isRatio = (value: string | null): value is AspectRatio => ASPECT_RATIOS.some((r) => r === value);
const isResolution = (value: string | null): value is Resolution => RESOLUTIONS.some((r) => r === value);

/** /projects/{projectId}/image-editor and /image-editor/new — layered image editing and generation. */
export function ImageEditorScreen({ projectId }: { projectId?: string }) {
  const [ratio, setRatio] = useState<AspectRatio>(DEMO.canvas.aspectRatio);
  const [resolution, setResolution] = useState<Resolution>('1080p');
  const size = dimensionsFor(ratio, resolution);
  const [w, h] = ratio.split(':').map(Number);

  return (
    <EditorFrame
      title="Image Editor"
      subtitle={projectId ? 'Image project' : `New canvas · ${size.width}×${size.height}`}
      // The editing tools arrive with the editor itself (issue 9); no buttons that do nothing meanwhile.
      tools={[]}
      actions={
        <>
          <Group gap="xs" visibleFrom="sm" wrap="nowrap">
            <Select
              size="xs"
              w={92}
              aria-label="Aspect ratio"
              data={[...ASPECT_RATIOS]}
              value={ratio}
              allowDeselect={false}
              onChange={(value) => isRatio(value) && setRatio(value)}
            />
            <Select
              size="xs"
              w={92}
              aria-label="Resolution"
              data={[...RESOLUTIONS]}
              value={resolution}
              allowDeselect={false}
              onChange={(value) => isResolution(value) && setResolution(value)}
            />
          </Group>
          <GuardedButton action="saveImageProject" size="xs" variant="default" leftSection={<IconDeviceFloppy size={14} aria-hidden />}>
            Save
          </GuardedButton>
        </>
      }
      stage={
        <Paper
          shadow="sm"
          radius="sm"
          w="100%"
          maw={`min(100%, calc((100dvh - 180px) * ${(w ?? 16) / (h ?? 9)}))`}
          withBorder
          bg="var(--mantine-color-default)"
          aria-label={`Canvas ${size.width}×${size.height}`}
        >
          <MantineAspectRatio ratio={(w ?? 16) / (h ?? 9)}>
            <Center>
              <ScreenEmptyState
                bare
                icon={<IconPhotoPlus size={26} stroke={1.6} />}
                title="Empty canvas"
                description="Generate an image from a prompt or upload one to start a layer."
                actions={
                  <GuardedButton action="generateImage" leftSection={<IconSparkles size={16} aria-hidden />}>
                    Generate image
                  </GuardedButton>
                }
              />
            </Center>
          </MantineAspectRatio>
        </Paper>
      }
      panelTitle="Layers"
      panel={
        <ScreenEmptyState
          bare
          icon={<IconLayersSubtract size={22} stroke={1.6} />}
          title="No layers yet"
          description="Images and shapes you add appear here as layers."
        />
      }
    />
  );
}
