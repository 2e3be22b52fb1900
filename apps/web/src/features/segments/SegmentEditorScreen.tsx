import { Alert, Badge, Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconLayoutList, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ProjectEditorsMenu } from '../projects/ProjectEditorsMenu';
import { ProjectNotFound } from '../projects/ProjectRedirectScreen';
import { PROJECT_TYPE_META } from '../projects/projectTypes';
import { useProjectsViewer } from '../projects/useProjectsViewer';
import { SegmentDetail } from './SegmentDetail';
import { type Segment, SegmentList } from './SegmentList';

const ratioOf = (r: string) => {
  const [w, h] = r.split(':').map(Number);
  return w && h ? w / h : 16 / 9;
};

/** /projects/{projectId}/segments — the segments of an image or text project, with their versions. */
export function SegmentEditorScreen({ projectId }: { projectId: string }) {
  const { ready, isGuest } = useProjectsViewer();
  const guard = useRequireLogin();
  const utils = trpc.useUtils();
  const project = trpc.projects.byId.useQuery({ id: projectId }, { enabled: ready });
  const create = trpc.projects.createSegment.useMutation();
  const reorder = trpc.projects.reorderSegments.useMutation();
  const [order, setOrder] = useState<Segment[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const segments = order ?? project.data?.segments ?? [];
  useEffect(() => {
    if (selectedId && segments.some((s) => s.id === selectedId)) return;
    setSelectedId(segments[0]?.id ?? null);
  }, [segments, selectedId]);

  if (!ready || project.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading segments">
        <Skeleton h={70} w="50%" />
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton h={280} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton h={420} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }
  if (project.isError) {
    if (errorStatus(project.error) === 404) return <ProjectNotFound />;
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load the project">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(project.error)}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void project.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const data = project.data;
  const meta = PROJECT_TYPE_META[data.type];
  if (data.type === 'VIDEO') {
    return (
      <ScreenEmptyState
        icon={<IconLayoutList size={26} stroke={1.6} />}
        title="Video projects have clips, not segments"
        description={`“${data.name}” is a video project: its clips are edited on the timeline of the video editor.`}
        actions={
          <ButtonLink to="/projects/$projectId/video-editor" params={{ projectId }}>
            Open the video editor
          </ButtonLink>
        }
      />
    );
  }

  const add = () =>
    guard('createSegment', async () => {
      try {
        const { segment } = await create.mutateAsync({ id: projectId, name: `Segment ${segments.length + 1}` });
        setOrder(null);
        await utils.projects.byId.invalidate({ id: projectId });
        void utils.projects.list.invalidate();
        setSelectedId(segment.id);
      } catch (error) {
        notifications.show({ color: 'red', title: 'Could not add a segment', message: errorMessage(error) });
      }
    });

  const move = (id: string, toIndex: number) =>
    guard('editSegmentOrder', async () => {
      const from = segments.findIndex((s) => s.id === id);
      const to = Math.min(Math.max(toIndex, 0), segments.length - 1);
      if (from < 0 || from === to) return;
      const next = segments.filter((s) => s.id !== id);
      next.splice(to, 0, segments[from] as Segment);
      setOrder(next);
      try {
        const res = await reorder.mutateAsync({ id: projectId, segmentIds: next.map((s) => s.id) });
        utils.projects.byId.setData({ id: projectId }, (old) => (old ? { ...old, segments: res.segments } : old));
        setOrder(null);
      } catch (error) {
        setOrder(null);
        notifications.show({ color: 'red', title: 'Could not reorder the segments', message: errorMessage(error) });
      }
    });

  const selected = segments.find((s) => s.id === selectedId) ?? null;

  return (
    <Stack gap="lg">
      <ScreenHeader
        eyebrow={`${meta.label} project · Segments`}
        title={data.name}
        description={data.description || 'Generate versions of each segment, compare them and keep the best one.'}
        actions={
          <Group gap="sm">
            {isGuest ? <Badge variant="light">Demo</Badge> : null}
            <ButtonLink to="/projects" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              Projects
            </ButtonLink>
            <ProjectEditorsMenu projectId={projectId} current="segments" type={data.type} />
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SegmentList
            segments={segments}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onMove={(id, to) => void move(id, to)}
            onAdd={() => void add()}
            adding={create.isPending}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selected ? (
            <SegmentDetail
              key={selected.id}
              projectId={projectId}
              segment={selected}
              ratio={ratioOf(data.aspectRatio)}
              isGuest={isGuest}
              onDeleted={() => setSelectedId(null)}
            />
          ) : (
            <ScreenEmptyState
              icon={<IconLayoutList size={26} stroke={1.6} />}
              title="No segments yet"
              description={`Segments are the parts of this ${meta.label.toLowerCase()} project. Add one, describe it and generate versions.`}
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
