import { ActionIcon, AspectRatio, Badge, Card, Center, Group, Image, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconDots, IconExternalLink, IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  absoluteTime,
  EDITOR_META,
  PROJECT_EDITORS,
  PROJECT_OPEN,
  PROJECT_TYPE_META,
  type ProjectSummary,
  plural,
  relativeTime,
} from './projectTypes';

interface ProjectCardProps {
  project: ProjectSummary;
  onRename: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  /** Opens the project's members (invite, roles) — collaboration. */
  onMembers?: () => void;
  duplicating: boolean;
}

/** One project: thumbnail, type, counts, last change, and its actions. */
export function ProjectCard({ project, onRename, onDuplicate, onDelete, onMembers, duplicating }: ProjectCardProps) {
  const role = project.access.role;
  const canEdit = role !== 'viewer';
  const isOwner = role === 'owner';
  const navigate = useNavigate();
  const meta = PROJECT_TYPE_META[project.type];
  const TypeIcon = meta.icon;
  const params = { projectId: project.id };
  const isVideo = project.type === 'VIDEO';
  const items = isVideo ? plural(project.counts.videoClips, 'clip') : plural(project.counts.segments, 'segment');

  return (
    <Card padding={0} data-testid="project-card" data-project-id={project.id} style={{ overflow: 'hidden' }}>
      <Card.Section pos="relative">
        <Link to={PROJECT_OPEN[project.type]} params={params} aria-label={`Open ${project.name}`} style={{ display: 'block' }}>
          <AspectRatio ratio={16 / 9}>
            {project.thumbnailUrl ? (
              <Image src={project.thumbnailUrl} alt="" fit="cover" />
            ) : (
              <Center bg={`var(--mantine-color-${meta.color}-light)`}>
                <TypeIcon size={40} stroke={1.3} color={`var(--mantine-color-${meta.color}-light-color)`} aria-hidden />
              </Center>
            )}
          </AspectRatio>
        </Link>
        <Badge
          pos="absolute"
          top={10}
          left={10}
          color={meta.color}
          variant="filled"
          leftSection={<TypeIcon size={12} aria-hidden />}
          style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
        >
          {meta.label}
        </Badge>
        {project.access.shared ? (
          <Tooltip label={`Shared with you by ${project.access.ownerEmail}`}>
            <Badge
              pos="absolute"
              top={10}
              right={10}
              color={role === 'viewer' ? 'gray' : 'blue'}
              variant="filled"
              leftSection={<IconUsers size={12} aria-hidden />}
              style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
              data-testid="project-shared-badge"
            >
              Shared · {role === 'viewer' ? 'View only' : 'Editor'}
            </Badge>
          </Tooltip>
        ) : project.access.members > 0 ? (
          <Tooltip label={`${project.access.members} ${project.access.members === 1 ? 'collaborator' : 'collaborators'}`}>
            <Badge
              pos="absolute"
              top={10}
              right={10}
              color="dark"
              variant="filled"
              leftSection={<IconUsers size={12} aria-hidden />}
              style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
            >
              {project.access.members}
            </Badge>
          </Tooltip>
        ) : null}
      </Card.Section>

      <Stack gap={6} p="md">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Link to={PROJECT_OPEN[project.type]} params={params} style={{ minWidth: 0, color: 'inherit', textDecoration: 'none' }}>
            <Text fw={650} lineClamp={1} data-testid="project-name">
              {project.name}
            </Text>
          </Link>
          <Menu position="bottom-end" withinPortal shadow="md" width={210}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${project.name}`} loading={duplicating} mt={-4} mr={-6}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                onClick={() => void navigate({ to: PROJECT_OPEN[project.type], params })}
                leftSection={<IconExternalLink size={15} aria-hidden />}
              >
                Open
              </Menu.Item>
              {PROJECT_EDITORS[project.type].map((editor) => {
                const { label, to, icon: EditorIcon } = EDITOR_META[editor];
                return (
                  <Menu.Item key={editor} onClick={() => void navigate({ to, params })} leftSection={<EditorIcon size={15} aria-hidden />}>
                    {label}
                  </Menu.Item>
                );
              })}
              <Menu.Divider />
              {canEdit ? (
                <Menu.Item leftSection={<IconPencil size={15} aria-hidden />} onClick={onRename}>
                  Rename
                </Menu.Item>
              ) : null}
              <Menu.Item leftSection={<IconCopy size={15} aria-hidden />} onClick={onDuplicate}>
                {isOwner ? 'Duplicate' : 'Duplicate into my projects'}
              </Menu.Item>
              {onMembers ? (
                <Menu.Item leftSection={<IconUsers size={15} aria-hidden />} onClick={onMembers}>
                  {isOwner ? 'Share / members' : 'Members'}
                </Menu.Item>
              ) : null}
              {isOwner ? (
                <>
                  <Menu.Divider />
                  <Menu.Item color="red" leftSection={<IconTrash size={15} aria-hidden />} onClick={onDelete}>
                    Delete
                  </Menu.Item>
                </>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
          {project.description || 'No description'}
        </Text>
        <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
          <Text size="xs" c="dimmed" truncate="end" data-testid="project-counts">
            {items} · {plural(project.counts.exports, 'export')}
          </Text>
          <Tooltip label={`Updated ${absoluteTime(project.updatedAt)}`}>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="project-updated">
              {relativeTime(project.updatedAt)}
            </Text>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}
