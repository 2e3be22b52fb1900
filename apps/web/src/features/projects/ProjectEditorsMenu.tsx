import type { ProjectType } from '@atelier/shared';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconApps, IconChevronDown } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';
import { EDITOR_META, PROJECT_EDITORS, type ProjectEditor } from './projectTypes';

/**
 * "Editors ▾": every other editor this project has (video, image, sound, segments, SEO), from any of its pages.
 * The project's type comes from the caller or from the (cached) project query.
 */
export function ProjectEditorsMenu({
  projectId,
  current,
  type,
  compact = false,
}: {
  projectId: string;
  current: ProjectEditor;
  type?: ProjectType;
  /** An icon button (editor headers, where room is short). */
  compact?: boolean;
}) {
  const navigate = useNavigate();
  const project = trpc.projects.byId.useQuery({ id: projectId }, { enabled: !type, staleTime: 60_000 });
  const projectType = type ?? project.data?.type;
  if (!projectType) return null;
  const others = PROJECT_EDITORS[projectType].filter((e) => e !== current);
  if (!others.length) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="default" size="lg" aria-label="Other editors of this project">
            <IconApps size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconApps size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label="Other editors of this project"
          >
            Editors
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Open this project in</Menu.Label>
        {others.map((editor) => {
          const { label, to, icon: EditorIcon } = EDITOR_META[editor];
          return (
            <Menu.Item key={editor} leftSection={<EditorIcon size={15} aria-hidden />} onClick={() => void navigate({ to, params: { projectId } })}>
              {label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
