import { ASPECT_RATIOS, type AspectRatio, RESOLUTIONS, type Resolution } from '@atelier/shared';
import { ActionIcon, Button, Drawer, Group, Loader, Tabs, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustmentsHorizontal,
  IconAlertCircle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowLeft,
  IconCheck,
  IconDeviceFloppy,
  IconFileExport,
  IconMovie,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { EditorFrame } from '../../components/EditorFrame';
import { EditorLoadFailure, EditorMessage } from '../../components/EditorLoadFailure';
import { PageLoader } from '../../components/feedback/PageLoader';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { track } from '../../lib/analytics';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useEditAccess, ViewOnly } from '../collaboration/viewOnly';
import { ProjectEditorsMenu } from '../projects/ProjectEditorsMenu';
import { PROJECT_HOME, PROJECT_TYPE_META, type ProjectDetail } from '../projects/projectTypes';
import { useProjectsViewer } from '../projects/useProjectsViewer';
import { ClipPanel } from './ClipPanel';
import { ExportDialog } from './ExportDialog';
import { type Generation, GenerationWatcher, isTerminal } from './GenerationWatcher';
import { type Playhead, PreviewPlayer } from './PreviewPlayer';
import { ProjectPanel } from './ProjectPanel';
import { Timeline } from './Timeline';
import { buildSequence, moveItem, newItem, normalizeItem, sequenceLength, type TimelineItem } from './timeline';
import { useProjectSettings } from './useProjectSettings';
import { type SaveStatus, useTimelineEditor } from './useTimelineEditor';

const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
const asRatio = (v: string): AspectRatio => ASPECT_RATIOS.find((r) => r === v) ?? '16:9';
const asResolution = (v: string): Resolution => RESOLUTIONS.find((r) => r === v) ?? '720p';
const ratioNumber = (r: AspectRatio) => {
  const [w, h] = r.split(':').map(Number);
  return (w ?? 16) / (h ?? 9);
};

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** /projects/{projectId}/video-editor — clips generated from prompts, arranged and trimmed on a timeline. */
export function VideoEditorScreen({ projectId }: { projectId: string }) {
  const { ready, isGuest, viewerId } = useProjectsViewer();
  const project = trpc.projects.byId.useQuery(
    { id: projectId },
    { enabled: ready, staleTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );

  if (!ready || project.isPending) return <PageLoader fullHeight label="Opening the video editor" />;
  if (project.isError) {
    return <EditorLoadFailure error={project.error} title="Could not open the project" onRetry={() => void project.refetch()} />;
  }
  if (project.data.type !== 'VIDEO') {
    const meta = PROJECT_TYPE_META[project.data.type];
    return (
      <EditorMessage>
        <ScreenEmptyState
          icon={<meta.icon size={26} stroke={1.6} />}
          title={`“${project.data.name}” is ${project.data.type === 'IMAGE' ? 'an image' : 'a text'} project`}
          description="The video editor opens video projects. This project has its own editor."
          actions={
            <ButtonLink to={PROJECT_HOME[project.data.type]} params={{ projectId }}>
              Open it
            </ButtonLink>
          }
        />
      </EditorMessage>
    );
  }
  // Keyed by viewer: after a login the editor starts again from the signed-in user's data.
  return <VideoEditor key={`${project.data.id}:${viewerId ?? 'guest'}`} project={project.data} isGuest={isGuest} />;
}

function combine(a: SaveStatus, b: SaveStatus): SaveStatus {
  if (a === 'error' || b === 'error') return 'error';
  if (a === 'saving' || b === 'saving') return 'saving';
  return 'saved';
}

function SaveIndicator({ isGuest, status, onRetry }: { isGuest: boolean; status: SaveStatus; onRetry: () => void }) {
  if (isGuest) {
    return (
      <Tooltip label="Demo project: your edits stay in this tab. Log in to save.">
        <GuardedButton
          action="saveVideoProject"
          size="xs"
          variant="default"
          leftSection={<IconDeviceFloppy size={14} aria-hidden />}
          visibleFrom="xs"
        >
          Save
        </GuardedButton>
      </Tooltip>
    );
  }
  if (status === 'error') {
    return (
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconAlertCircle size={14} aria-hidden />}
        onClick={onRetry}
        data-testid="save-state"
        data-state="error"
      >
        Not saved · Retry
      </Button>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid="save-state" data-state={status} aria-live="polite" px={4}>
      {status === 'saving' ? <Loader size={12} /> : <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />}
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
        {status === 'saving' ? 'Saving…' : 'Saved'}
      </Text>
    </Group>
  );
}

interface ImageJob {
  generationId: string;
  clipId: string;
  progress: number;
}

function VideoEditor({ project, isGuest }: { project: ProjectDetail; isGuest: boolean }) {
  const guard = useRequireLogin();
  const { viewOnly } = useEditAccess();
  const utils = trpc.useUtils();
  // Guests edit locally and viewers not at all: neither saves.
  const canSave = !isGuest && !viewOnly;
  const timeline = useTimelineEditor(project.id, project.videoClips, canSave);
  const settings = useProjectSettings(
    project.id,
    { globalPrompt: project.globalPrompt ?? '', aspectRatio: asRatio(project.aspectRatio), resolution: asResolution(project.resolution) },
    canSave,
  );
  const { items, server } = timeline;
  const [selectedKey, setSelectedKey] = useState<string | null>(items[0]?.key ?? null);
  const [tab, setTab] = useState<string | null>('clip');
  const [pps, setPps] = useState(28);
  const [playhead, setPlayhead] = useState<Playhead | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const [inspectorOpen, setInspectorOpen] = useState(false);
  const [imageJobs, setImageJobs] = useState<Record<string, ImageJob>>({});
  const [busy, setBusy] = useState<Record<string, { upload?: boolean; image?: boolean; video?: boolean }>>({});

  const videoModels = trpc.generation.modelsByOutput.useQuery({ output: 'video' });
  const imageModels = trpc.generation.modelsByOutput.useQuery({ output: 'image' });
  const exportsCount = trpc.projects.exports.useQuery({ id: project.id, limit: 1 }, { enabled: !isGuest });
  const generateClip = trpc.projects.generateClip.useMutation();
  const uploadImage = trpc.projects.uploadClipImage.useMutation();
  const updateClip = trpc.projects.updateClip.useMutation();
  const generate = trpc.generation.generate.useMutation();

  const [modelId, setModelId] = useState<string | null>(null);
  const models = videoModels.data?.models;
  useEffect(() => {
    if (modelId || !models?.length) return;
    const pick = models.find((m) => m.available && m.isDefault) ?? models.find((m) => m.available) ?? models[0];
    if (pick) setModelId(pick.id);
  }, [models, modelId]);
  const model = models?.find((m) => m.id === modelId) ?? null;
  const imageModel =
    imageModels.data?.models.find((m) => m.id === 'local/image' && m.available) ??
    imageModels.data?.models.find((m) => m.available && m.isDefault) ??
    null;

  // Keep a valid selection.
  useEffect(() => {
    if (selectedKey && items.some((i) => i.key === selectedKey)) return;
    setSelectedKey(items[0]?.key ?? null);
  }, [items, selectedKey]);

  const selectedIndex = items.findIndex((i) => i.key === selectedKey);
  const selected = selectedIndex >= 0 ? (items[selectedIndex] as TimelineItem) : null;
  const sequence = useMemo(() => buildSequence(items, server), [items, server]);
  const status = combine(timeline.status, settings.status);

  const setBusyFlag = (key: string, flag: 'upload' | 'image' | 'video', on: boolean) =>
    setBusy((prev) => ({ ...prev, [key]: { ...prev[key], [flag]: on } }));

  // ---- timeline edits (undoable) --------------------------------------------------------------
  const select = (key: string) => guard('editor.clip.select', () => setSelectedKey(key));
  const trim = (key: string, patch: Partial<Pick<TimelineItem, 'startTrim' | 'endTrim' | 'duration'>>, tag: string) =>
    guard('duration' in patch ? 'editClipLength' : 'editor.clip.trim', () =>
      timeline.update((list) => list.map((i) => (i.key === key ? normalizeItem({ ...i, ...patch }) : i)), tag),
    );
  const move = (key: string, toIndex: number) => guard('editor.clip.reorder', () => timeline.update((list) => moveItem(list, key, toIndex)));
  const setPrompt = (key: string, prompt: string) =>
    guard('editClipPrompt', () => timeline.update((list) => list.map((i) => (i.key === key ? { ...i, prompt } : i)), `prompt:${key}`));
  const add = () =>
    guard('createClip', () => {
      const item = newItem(crypto.randomUUID());
      timeline.update((list) => {
        const at = list.findIndex((i) => i.key === selectedKey);
        const next = [...list];
        next.splice(at >= 0 ? at + 1 : list.length, 0, item);
        return next;
      });
      setSelectedKey(item.key);
      setTab('clip');
    });
  const remove = (key: string) =>
    guard('deleteClip', () => {
      const at = items.findIndex((i) => i.key === key);
      const neighbour = items[at + 1] ?? items[at - 1] ?? null;
      timeline.update((list) => list.filter((i) => i.key !== key));
      setSelectedKey(neighbour?.key ?? null);
      notifications.show({ message: `Clip ${at + 1} deleted. Undo brings it back.`, color: 'gray' });
    });

  useHotkeys([
    ['mod+Z', () => timeline.undo()],
    ['mod+shift+Z', () => timeline.redo()],
    ['mod+Y', () => timeline.redo()],
  ]);

  // Unsaved edits: ask before leaving the page.
  const pending = status !== 'saved' && canSave;
  useEffect(() => {
    if (!pending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);

  // ---- server work -----------------------------------------------------------------------------
  const ensureSaved = async (key?: string): Promise<string | null> => {
    await Promise.all([timeline.flush(), settings.flush()]);
    if (!key) return null;
    const id = timeline.idOf(key);
    if (!id) throw new Error('The clip could not be saved yet; try again.');
    return id;
  };

  const refreshClips = useCallback(async () => {
    try {
      const { clips } = await utils.client.projects.clips.query({ id: project.id });
      timeline.mergeClips(clips);
    } catch (error) {
      console.warn('[video-editor] could not refresh the clips', error);
    }
  }, [utils, project.id, timeline.mergeClips]);

  const onVideoUpdate = useCallback(
    (clipId: string, generation: Generation) => {
      const clip = Object.values(timeline.server).find((c) => c.id === clipId);
      if (!isTerminal(generation.status)) {
        if (clip && clip.progress !== generation.progress) timeline.mergeClips([{ ...clip, progress: generation.progress }]);
        return;
      }
      void refreshClips();
      void utils.projects.list.invalidate();
      const n = items.findIndex((i) => timeline.server[i.key]?.id === clipId) + 1;
      if (generation.status === 'COMPLETED') notifications.show({ color: 'teal', message: `Clip ${n || ''} is ready.`.replace('  ', ' ') });
      else
        notifications.show({
          color: 'red',
          title: `Clip ${n || ''} failed`.replace('  ', ' '),
          message: generation.error ?? 'The video could not be generated. Your credits were refunded.',
        });
    },
    [timeline.server, timeline.mergeClips, refreshClips, utils, items],
  );

  const onImageUpdate = useCallback(
    (key: string, job: ImageJob, generation: Generation) => {
      if (!isTerminal(generation.status)) {
        setImageJobs((prev) => (prev[key] ? { ...prev, [key]: { ...job, progress: generation.progress } } : prev));
        return;
      }
      setImageJobs((prev) => {
        const { [key]: _done, ...rest } = prev;
        return rest;
      });
      if (generation.status !== 'COMPLETED') {
        notifications.show({ color: 'red', title: 'Image generation failed', message: generation.error ?? 'Your credits were refunded.' });
        return;
      }
      updateClip
        .mutateAsync({ id: job.clipId, imageGenerationId: generation.id })
        .then(({ clip }) => timeline.mergeClips([clip]))
        .catch((error: unknown) => notifications.show({ color: 'red', title: 'Could not use the image', message: errorMessage(error) }));
    },
    [updateClip, timeline.mergeClips],
  );

  const generateVideo = (key: string) =>
    guard('generateVideoClip', async () => {
      if (!model) return;
      setBusyFlag(key, 'video', true);
      try {
        const id = (await ensureSaved(key)) as string;
        const res = await generateClip.mutateAsync({ id, model: model.id, idempotencyKey: crypto.randomUUID() });
        timeline.mergeClips([res.clip]);
        track('video_editor_video_generated', { projectId: project.id, model: model.id, credits: model.credits });
      } catch (error) {
        notifications.show({ color: 'red', title: 'Could not generate the video', message: errorMessage(error) });
      } finally {
        setBusyFlag(key, 'video', false);
      }
    });

  const generateImage = (key: string) =>
    guard('generateClipImage', async () => {
      const item = items.find((i) => i.key === key);
      if (!item || !imageModel) return;
      setBusyFlag(key, 'image', true);
      try {
        const clipId = (await ensureSaved(key)) as string;
        const prompt = [item.prompt.trim().replace(/[.\s]+$/, ''), settings.settings.globalPrompt.trim()].filter(Boolean).join('. ');
        const res = await generate.mutateAsync({
          prompt,
          type: 'image',
          model: imageModel.id,
          projectId: project.id,
          aspectRatio: settings.settings.aspectRatio,
          resolution: settings.settings.resolution,
          idempotencyKey: crypto.randomUUID(),
        });
        setImageJobs((prev) => ({ ...prev, [key]: { generationId: res.generation.id, clipId, progress: res.generation.progress } }));
        track('video_editor_image_generated', { projectId: project.id, model: imageModel.id, credits: imageModel.credits });
      } catch (error) {
        notifications.show({ color: 'red', title: 'Could not generate the image', message: errorMessage(error) });
      } finally {
        setBusyFlag(key, 'image', false);
      }
    });

  const upload = (key: string, file: File) =>
    guard('saveClipImage', async () => {
      if (file.size > MAX_UPLOAD_BYTES) {
        notifications.show({ color: 'red', title: 'Image too large', message: 'Images can be at most 8 MB.' });
        return;
      }
      setBusyFlag(key, 'upload', true);
      try {
        const [image, id] = await Promise.all([readAsDataUrl(file), ensureSaved(key)]);
        const res = await uploadImage.mutateAsync({ id: id as string, image });
        timeline.mergeClips([res.clip]);
        track('video_clip_image_uploaded', { projectId: project.id, bytes: file.size, mime: file.type });
      } catch (error) {
        notifications.show({ color: 'red', title: 'Could not upload the image', message: errorMessage(error) });
      } finally {
        setBusyFlag(key, 'upload', false);
      }
    });

  const chooseModel = (id: string) => {
    setModelId(id);
    const m = models?.find((x) => x.id === id);
    track('video_editor_model_selected', { projectId: project.id, model: id, credits: m?.credits ?? 0 });
  };

  // ---- layout ----------------------------------------------------------------------------------
  const watchers = items.flatMap((item) => {
    const clip = server[item.key];
    const nodes: ReactNode[] = [];
    if (clip?.status === 'GENERATING' && clip.generationId) {
      const clipId = clip.id;
      nodes.push(<GenerationWatcher key={`v:${clip.generationId}`} generationId={clip.generationId} onUpdate={(g) => onVideoUpdate(clipId, g)} />);
    }
    const job = imageJobs[item.key];
    if (job)
      nodes.push(
        <GenerationWatcher key={`i:${job.generationId}`} generationId={job.generationId} onUpdate={(g) => onImageUpdate(item.key, job, g)} />,
      );
    return nodes;
  });

  const warnings = items.flatMap((item, i) => {
    const clip = server[item.key];
    if (clip?.status === 'GENERATING')
      return [`Clip ${i + 1} is still generating; ${clip.videoUrl ? 'its previous video is used' : 'it is left out'}.`];
    if (!clip?.videoUrl) return [`Clip ${i + 1} has no video yet and is left out.`];
    return [];
  });

  const clipPanel = selected ? (
    <ViewOnly>
      <ClipPanel
        item={selected}
        clip={server[selected.key]}
        index={selectedIndex}
        count={items.length}
        isGuest={isGuest}
        models={models}
        modelsError={videoModels.isError}
        modelId={modelId}
        onModelChange={chooseModel}
        imagePrice={imageModel?.credits ?? null}
        imageProgress={imageJobs[selected.key]?.progress}
        busy={{ upload: false, image: false, video: false, ...busy[selected.key] }}
        onPrompt={(value) => setPrompt(selected.key, value)}
        onTiming={(patch, tag) => trim(selected.key, patch, tag)}
        onDelete={() => remove(selected.key)}
        onMove={(delta) => move(selected.key, selectedIndex + delta)}
        onUpload={(file) => void upload(selected.key, file)}
        onGenerateImage={() => void generateImage(selected.key)}
        onGenerateVideo={() => void generateVideo(selected.key)}
        onGuestWrite={(action) => guard(action, () => undefined)}
      />
    </ViewOnly>
  ) : (
    <ScreenEmptyState
      bare
      icon={<IconMovie size={22} stroke={1.6} />}
      title="No clip selected"
      description="Add a clip to the timeline, or select one to edit its prompt, image, trims and model."
    />
  );

  const inspector = (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List grow px="md" pt={6} pos="sticky" top={0} bg="var(--mantine-color-body)" style={{ zIndex: 3 }}>
        <Tabs.Tab value="clip">Clip</Tabs.Tab>
        <Tabs.Tab value="project">Project</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="clip">{clipPanel}</Tabs.Panel>
      <Tabs.Panel value="project">
        <ViewOnly>
          <ProjectPanel
            settings={settings.settings}
            onChange={settings.change}
            isGuest={isGuest}
            onGuestWrite={(action) => guard(action, () => undefined)}
            error={settings.error}
            onRetry={settings.retry}
            stats={{
              clips: items.length,
              ready: sequence.length,
              seconds: sequenceLength(sequence),
              exports: exportsCount.data?.total ?? project.counts.exports,
            }}
          />
        </ViewOnly>
      </Tabs.Panel>
    </Tabs>
  );

  return (
    <>
      {watchers}
      <EditorFrame
        title="Video Editor"
        subtitle={`${isGuest ? 'Demo · ' : ''}${project.name} · ${settings.settings.aspectRatio} · ${settings.settings.resolution}`}
        tools={[]}
        actions={
          <>
            <Tooltip label="All projects">
              <ActionIcon component={Link} to="/projects" variant="subtle" color="gray" size="lg" aria-label="All projects" visibleFrom="sm">
                <IconArrowLeft size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <ProjectEditorsMenu projectId={project.id} current="video-editor" type="VIDEO" compact />
            {viewOnly ? null : (
              <SaveIndicator
                isGuest={isGuest}
                status={status}
                onRetry={() => {
                  if (timeline.status === 'error') timeline.retry();
                  if (settings.status === 'error') settings.retry();
                }}
              />
            )}
            <Group gap={2} wrap="nowrap" visibleFrom="sm">
              <Tooltip label="Undo (Ctrl+Z)">
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Undo" disabled={!timeline.canUndo} onClick={timeline.undo}>
                  <IconArrowBackUp size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Redo (Ctrl+Shift+Z)">
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Redo" disabled={!timeline.canRedo} onClick={timeline.redo}>
                  <IconArrowForwardUp size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            <ActionIcon variant="default" size="lg" aria-label="Open inspector" hiddenFrom="md" onClick={() => setInspectorOpen(true)}>
              <IconAdjustmentsHorizontal size={18} aria-hidden />
            </ActionIcon>
            <GuardedButton
              action="exportVideo"
              size="xs"
              onAction={() => setExportOpen(true)}
              leftSection={<IconFileExport size={14} aria-hidden />}
              disabled={items.length === 0}
            >
              Export
            </GuardedButton>
          </>
        }
        stage={
          <PreviewPlayer
            sequence={sequence}
            ratio={ratioNumber(settings.settings.aspectRatio)}
            focusKey={selectedKey}
            onPlayhead={setPlayhead}
            guard={(action, fn) => void guard(action, fn)}
          />
        }
        bottom={
          <Timeline
            items={items}
            server={server}
            imageJobs={Object.fromEntries(Object.entries(imageJobs).map(([k, j]) => [k, j.progress]))}
            selectedKey={selectedKey}
            playhead={playhead}
            pps={pps}
            onZoom={(v) => guard('editor.timeline.zoom', () => setPps(v))}
            onSelect={select}
            onTrim={trim}
            onMove={move}
            onAdd={add}
          />
        }
        panelTitle="Inspector"
        panel={inspector}
      />
      <Drawer opened={inspectorOpen} onClose={() => setInspectorOpen(false)} position="right" size={340} title="Inspector" hiddenFrom="md">
        {inspector}
      </Drawer>
      <ExportDialog
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        projectId={project.id}
        ratio={settings.settings.aspectRatio}
        resolution={settings.settings.resolution}
        clipCount={items.length}
        playableCount={sequence.length}
        seconds={sequenceLength(sequence)}
        warnings={warnings}
        beforeExport={async () => {
          await ensureSaved();
        }}
        guard={(action, fn) => void guard(action, fn)}
      />
    </>
  );
}
