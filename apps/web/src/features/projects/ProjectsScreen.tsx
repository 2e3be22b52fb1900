import { PROJECT_TYPES, type ProjectType } from '@atelier/shared';
import { Alert, Button, Card, Group, Pagination, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFolderPlus, IconFolders, IconRefresh, IconSearch, IconX } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { MembersModal } from '../collaboration/MembersModal';
import { CreateProjectModal } from './CreateProjectModal';
import { ProjectCard } from './ProjectCard';
import { DeleteProjectModal, RenameProjectModal } from './ProjectDialogs';
import { PROJECT_OPEN, PROJECT_TYPE_META, type ProjectSummary } from './projectTypes';
import { useProjectsViewer } from './useProjectsViewer';

export const PROJECTS_PAGE_SIZE = 12;
type Filter = 'ALL' | ProjectType;
const isFilter = (value: string): value is Filter => value === 'ALL' || PROJECT_TYPES.some((t) => t === value);

function CardSkeleton() {
  return (
    <Card padding={0}>
      <Skeleton h={0} style={{ aspectRatio: '16 / 9', height: 'auto' }} radius={0} />
      <Stack gap={8} p="md">
        <Skeleton h={16} w="70%" />
        <Skeleton h={12} w="95%" />
        <Skeleton h={12} w="60%" />
      </Stack>
    </Card>
  );
}

/** /projects — video, image and text projects: search, filter, create, rename, duplicate, delete. */
export function ProjectsScreen() {
  const navigate = useNavigate();
  const guard = useRequireLogin();
  const utils = trpc.useUtils();
  const { ready, isGuest } = useProjectsViewer();
  const [filter, setFilter] = useState<Filter>('ALL');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ProjectSummary | null>(null);
  const [deleting, setDeleting] = useState<ProjectSummary | null>(null);
  const [membersOf, setMembersOf] = useState<string | null>(null);
  const duplicate = trpc.projects.duplicate.useMutation();
  // Re-render each minute so "5 minutes ago" stays true.
  const [, setMinute] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setMinute((n) => n + 1), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const input = {
    limit: PROJECTS_PAGE_SIZE,
    offset: (page - 1) * PROJECTS_PAGE_SIZE,
    ...(filter === 'ALL' ? {} : { type: filter }),
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
  };
  const list = trpc.projects.list.useQuery(input, { enabled: ready, placeholderData: keepPreviousData });
  const projects = list.data?.projects ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PROJECTS_PAGE_SIZE));
  const filtered = filter !== 'ALL' || debouncedSearch !== '';
  // After a delete empties the last page, step back to the new last page.
  useEffect(() => {
    if (list.data && page > 1 && list.data.projects.length === 0 && list.data.total > 0) setPage(Math.ceil(list.data.total / PROJECTS_PAGE_SIZE));
  }, [list.data, page]);

  const open = (project: ProjectSummary) => void navigate({ to: PROJECT_OPEN[project.type], params: { projectId: project.id } });

  const runDuplicate = (project: ProjectSummary) =>
    guard('createProjectCopy', async () => {
      try {
        const { project: copy } = await duplicate.mutateAsync({ id: project.id });
        await utils.projects.list.invalidate();
        notifications.show({ color: 'teal', title: 'Project duplicated', message: `“${copy.name}” is ready.` });
      } catch (error) {
        notifications.show({ color: 'red', title: 'Could not duplicate the project', message: errorMessage(error) });
      }
    });

  const changeFilter = (value: string) => {
    if (!isFilter(value)) return;
    setFilter(value);
    setPage(1);
  };

  const createButton = (label: string) => (
    <GuardedButton action="createProject" onAction={() => setCreating(true)} leftSection={<IconFolderPlus size={16} aria-hidden />}>
      {label}
    </GuardedButton>
  );

  let body: ReactNode;
  if (!ready || (list.isPending && !list.data)) {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" aria-busy="true" aria-label="Loading projects">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <CardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  } else if (list.isError && !list.data) {
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load your projects">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(list.error)}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (projects.length === 0 && filtered) {
    body = (
      <ScreenEmptyState
        icon={<IconSearch size={26} stroke={1.6} />}
        title="No matching projects"
        description={`Nothing ${filter === 'ALL' ? '' : `among ${PROJECT_TYPE_META[filter].label.toLowerCase()} projects `}matches${debouncedSearch ? ` “${debouncedSearch}”` : ''}.`}
        actions={
          <Button
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => {
              setSearch('');
              changeFilter('ALL');
            }}
          >
            Clear filters
          </Button>
        }
      />
    );
  } else if (projects.length === 0) {
    body = (
      <ScreenEmptyState
        icon={<IconFolders size={26} stroke={1.6} />}
        title="No projects yet"
        description="Create a project to keep clips, canvases or articles together and come back to them later."
        actions={createButton('Create project')}
      />
    );
  } else {
    const from = (page - 1) * PROJECTS_PAGE_SIZE + 1;
    body = (
      <Stack gap="lg">
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
          spacing="lg"
          data-testid="project-grid"
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {projects.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              duplicating={duplicate.isPending && duplicate.variables?.id === project.id}
              onRename={() => guard('editProjectName', () => setRenaming(project))}
              onDuplicate={() => void runDuplicate(project)}
              onDelete={() => guard('deleteProject', () => setDeleting(project))}
              onMembers={() => setMembersOf(project.id)}
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="project-range">
            {total <= PROJECTS_PAGE_SIZE
              ? `${total} ${total === 1 ? 'project' : 'projects'}`
              : `${from}–${from + projects.length - 1} of ${total} projects`}
          </Text>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label="Project pages" /> : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow={isGuest ? 'Demo workspace' : 'Library'}
        title="Projects"
        description="Video projects hold clips on a timeline, image projects hold image segments, text projects hold SEO articles."
        actions={createButton('New project')}
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          value={filter}
          onChange={changeFilter}
          aria-label="Project type"
          data={[{ value: 'ALL', label: 'All' }, ...PROJECT_TYPES.map((type) => ({ value: type, label: PROJECT_TYPE_META[type].label }))]}
        />
        <TextInput
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          placeholder="Search by name or description"
          aria-label="Search projects"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            search ? (
              <Button variant="subtle" color="gray" size="compact-xs" onClick={() => setSearch('')} aria-label="Clear search" px={4}>
                <IconX size={14} aria-hidden />
              </Button>
            ) : null
          }
          w={{ base: '100%', xs: 320 }}
        />
      </Group>
      {body}
      <CreateProjectModal
        opened={creating}
        onClose={() => setCreating(false)}
        defaultType={filter === 'ALL' ? 'VIDEO' : filter}
        onCreated={(project) => {
          setCreating(false);
          open(project);
        }}
      />
      <RenameProjectModal project={renaming} onClose={() => setRenaming(null)} />
      <DeleteProjectModal project={deleting} onClose={() => setDeleting(null)} />
      <MembersModal projectId={membersOf} onClose={() => setMembersOf(null)} />
    </Stack>
  );
}
