import { PROJECT_TYPES } from '@atelier/shared';
import { SegmentedControl, Stack } from '@mantine/core';
import { IconFolderPlus, IconFolders } from '@tabler/icons-react';
import { useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

const TYPE_LABELS: Record<(typeof PROJECT_TYPES)[number], string> = { VIDEO: 'Video', IMAGE: 'Image', TEXT: 'Text' };

/** /projects — video, image and text (SEO) projects. */
export function ProjectsScreen() {
  const [filter, setFilter] = useState('ALL');
  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow="Library"
        title="Projects"
        description="Video projects hold clips on a timeline, image projects hold layered canvases, text projects hold SEO articles."
        actions={
          <GuardedButton action="createProject" leftSection={<IconFolderPlus size={16} aria-hidden />}>
            New project
          </GuardedButton>
        }
      />
      <SegmentedControl
        value={filter}
        onChange={setFilter}
        aria-label="Project type"
        w="fit-content"
        data={[{ value: 'ALL', label: 'All' }, ...PROJECT_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))]}
      />
      <ScreenEmptyState
        icon={<IconFolders size={26} stroke={1.6} />}
        title="No projects yet"
        description="Create a project to keep clips, canvases or articles together and come back to them later."
        actions={
          <GuardedButton action="createProject" leftSection={<IconFolderPlus size={16} aria-hidden />}>
            Create project
          </GuardedButton>
        }
      />
    </Stack>
  );
}
