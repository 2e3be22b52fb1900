import { ASPECT_RATIOS, type AspectRatio, dimensionsFor, RESOLUTIONS, type Resolution } from '@atelier/shared';
import { ActionIcon, Box, Button, ColorInput, Drawer, Group, Paper, Popover, Select, Stack, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCheck,
  IconCircle,
  IconDeviceFloppy,
  IconDimensions,
  IconFileExport,
  IconLayersSubtract,
  IconPhoto,
  IconPhotoPlus,
  IconRefresh,
  IconSparkles,
  IconSquare,
  IconUpload,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { EditorFrame } from '../../components/EditorFrame';
import { EditorLoadFailure, EditorMessage } from '../../components/EditorLoadFailure';
import { PageLoader } from '../../components/feedback/PageLoader';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { track } from '../../lib/analytics';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useEditAccess, ViewOnly } from '../collaboration/viewOnly';
import { ProjectEditorsMenu } from '../projects/ProjectEditorsMenu';
import { PROJECT_HOME, PROJECT_TYPE_META } from '../projects/projectTypes';
import { useProjectsViewer } from '../projects/useProjectsViewer';
import { EditorCanvas } from './EditorCanvas';
import { AssetsPanel, GeneratePanel, type QuickActionBody, QuickActions } from './EditorTools';
import { type Asset, type ImageProject, type LayerState, moveLayer, toState } from './editorState';
import { ImageExportDialog } from './ImageExportDialog';
import { LayerPanel } from './LayerPanel';
import { type SaveStatus, useLayerDocument } from './useLayerDocument';

const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/webp';
type Tab = 'layers' | 'generate' | 'adjust' | 'assets';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

const isRatio = (value: string | null): value is AspectRatio => ASPECT_RATIOS.some((r) => r === value);
const isResolution = (value: string | null): value is Resolution => RESOLUTIONS.some((r) => r === value);

/** /projects/{projectId}/image-editor and /image-editor/new — layered image editing and generation. */
export function ImageEditorScreen({ projectId }: { projectId?: string }) {
  if (!projectId) return <NewImageProject />;
  return <ImageEditorLoader projectId={projectId} />;
}

/** /image-editor/new: choose the canvas, create the IMAGE project, open its editor. */
function NewImageProject() {
  const navigate = useNavigate();
  const [name, setName] = useState('Untitled image');
  const [ratio, setRatio] = useState<AspectRatio>('16:9');
  const [resolution, setResolution] = useState<Resolution>('1080p');
  const create = trpc.imageEditor.create.useMutation();
  const utils = trpc.useUtils();
  const size = dimensionsFor(ratio, resolution);
  const submit = async () => {
    try {
      const res = await create.mutateAsync({ name: name.trim() || 'Untitled image', aspectRatio: ratio, resolution });
      track('project_created', { type: 'IMAGE', source: 'image_editor' });
      void utils.projects.list.invalidate();
      await navigate({ to: '/projects/$projectId/image-editor', params: { projectId: res.project.id }, replace: true });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Could not create the image project', message: errorMessage(e) });
    }
  };
  return (
    <EditorFrame
      title="Image Editor"
      subtitle={`New canvas · ${size.width}×${size.height}`}
      tools={[]}
      actions={null}
      stage={
        <Paper withBorder radius="md" p="xl" maw={460} w="100%" shadow="sm">
          <Stack gap="md">
            <Group gap="sm">
              <IconPhotoPlus size={26} stroke={1.6} aria-hidden />
              <Text fw={650} size="lg">
                New image project
              </Text>
            </Group>
            <TextInput label="Project name" value={name} maxLength={120} onChange={(e) => setName(e.currentTarget.value)} />
            <Group grow>
              <Select
                label="Aspect ratio"
                data={[...ASPECT_RATIOS]}
                value={ratio}
                allowDeselect={false}
                onChange={(value) => isRatio(value) && setRatio(value)}
              />
              <Select
                label="Resolution"
                data={[...RESOLUTIONS]}
                value={resolution}
                allowDeselect={false}
                onChange={(value) => isResolution(value) && setResolution(value)}
              />
            </Group>
            <Text size="sm" c="dimmed">
              Canvas {size.width}×{size.height} px. You can change it later.
            </Text>
            <GuardedButton
              action="createImageProject"
              loading={create.isPending}
              onAction={() => void submit()}
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
            >
              Create and open editor
            </GuardedButton>
          </Stack>
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

function ImageEditorLoader({ projectId }: { projectId: string }) {
  const { ready, isGuest, viewerId } = useProjectsViewer();
  const project = trpc.imageEditor.byId.useQuery(
    { id: projectId },
    { enabled: ready, staleTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
  const plain = trpc.projects.byId.useQuery({ id: projectId }, { enabled: ready && project.isError && errorStatus(project.error) === 404 });

  if (!ready || project.isPending) return <PageLoader fullHeight label="Opening the image editor" />;
  if (project.isError) {
    // Not an image project (or not found): say which.
    if (plain.data && plain.data.type !== 'IMAGE') {
      const meta = PROJECT_TYPE_META[plain.data.type];
      return (
        <EditorMessage>
          <ScreenEmptyState
            icon={<meta.icon size={26} stroke={1.6} />}
            title={`“${plain.data.name}” is a ${plain.data.type.toLowerCase()} project`}
            description="The image editor opens image projects. This project has its own editor."
            actions={
              <ButtonLink to={PROJECT_HOME[plain.data.type]} params={{ projectId }}>
                Open it
              </ButtonLink>
            }
          />
        </EditorMessage>
      );
    }
    if (errorStatus(project.error) === 404 && plain.isPending && plain.fetchStatus !== 'idle')
      return <PageLoader fullHeight label="Opening the image editor" />;
    return <EditorLoadFailure error={project.error} title="Could not open the project" onRetry={() => void project.refetch()} />;
  }
  // Keyed by viewer: after a login the editor starts again from the signed-in user's data.
  // …and after a canvas resize, from the layers the server scaled to it.
  const size = `${project.data.width}x${project.data.height}`;
  return <ImageEditor key={`${project.data.id}:${viewerId ?? 'guest'}:${size}`} project={project.data} isGuest={isGuest} />;
}

function SaveIndicator({ isGuest, status, error, onRetry }: { isGuest: boolean; status: SaveStatus; error: string | null; onRetry: () => void }) {
  if (isGuest) {
    return (
      <Tooltip label="Demo project: your edits stay in this tab. Log in to save.">
        <GuardedButton action="saveImageProject" size="xs" variant="default" leftSection={<IconDeviceFloppy size={14} aria-hidden />}>
          Save
        </GuardedButton>
      </Tooltip>
    );
  }
  if (status === 'error') {
    return (
      <Tooltip label={error ?? 'Saving failed'}>
        <Button size="xs" color="red" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
          Not saved · Retry
        </Button>
      </Tooltip>
    );
  }
  return (
    <Text size="xs" c="dimmed" data-testid="save-status" aria-live="polite" w={64}>
      {status === 'saving' ? (
        'Saving…'
      ) : (
        <Group gap={4} component="span" wrap="nowrap">
          <IconCheck size={12} aria-hidden /> Saved
        </Group>
      )}
    </Text>
  );
}

/** The canvas: aspect ratio, resolution (its pixel size) and background colour; the layers scale with it. */
function CanvasSettings({ project, isGuest, beforeChange }: { project: ImageProject; isGuest: boolean; beforeChange: () => Promise<void> }) {
  const utils = trpc.useUtils();
  const guard = useRequireLogin();
  const update = trpc.imageEditor.update.useMutation();
  const [background, setBackground] = useState(project.background);
  const save = (patch: { aspectRatio?: AspectRatio; resolution?: Resolution; background?: string }) =>
    guard('editCanvasSettings', () => {
      void beforeChange()
        .then(() => update.mutateAsync({ id: project.id, ...patch }))
        .then((res) => utils.imageEditor.byId.setData({ id: project.id }, res.project))
        .catch((e) => notifications.show({ color: 'red', title: 'Could not change the canvas', message: errorMessage(e) }));
    });
  return (
    <Popover width={260} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Tooltip label="Canvas size and background">
          <ActionIcon variant="default" size="lg" aria-label="Canvas settings">
            <IconDimensions size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group grow gap="xs">
            <Select
              size="xs"
              label="Aspect ratio"
              data={[...ASPECT_RATIOS]}
              value={project.aspectRatio}
              allowDeselect={false}
              disabled={update.isPending}
              comboboxProps={{ withinPortal: false }}
              onChange={(v) => isRatio(v) && v !== project.aspectRatio && save({ aspectRatio: v })}
            />
            <Select
              size="xs"
              label="Resolution"
              data={[...RESOLUTIONS]}
              value={project.resolution}
              allowDeselect={false}
              disabled={update.isPending}
              comboboxProps={{ withinPortal: false }}
              onChange={(v) => isResolution(v) && v !== project.resolution && save({ resolution: v })}
            />
          </Group>
          <ColorInput
            size="xs"
            label="Background"
            format="hex"
            value={background === 'transparent' ? '' : background}
            placeholder="Transparent"
            popoverProps={{ withinPortal: false }}
            onChange={setBackground}
            onChangeEnd={(v) => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v) && v !== project.background && save({ background: v })}
          />
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={project.background === 'transparent'}
            onClick={() => save({ background: 'transparent' })}
          >
            Transparent background
          </Button>
          <Text size="xs" c="dimmed">
            {project.width}×{project.height} px{isGuest ? ' · log in to change' : ''}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function ImageEditor({ project, isGuest }: { project: ImageProject; isGuest: boolean }) {
  const guard = useRequireLogin();
  const { viewOnly } = useEditAccess();
  const utils = trpc.useUtils();
  const initial = useMemo(() => project.layers.map(toState), [project.layers]);
  // Guests edit locally and viewers not at all: neither saves.
  const document = useLayerDocument(project.id, initial, !isGuest && !viewOnly);
  const { doc, endGesture } = document;
  // A viewer's drags on the canvas change nothing (the layer controls are disabled too).
  const commit: typeof document.commit = viewOnly ? () => {} : document.commit;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('layers');
  const [exportOpen, setExportOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // Assets follow their generations: poll while one is still running.
  const assetsQuery = trpc.imageEditor.assets.useQuery(
    { id: project.id },
    {
      initialData: { assets: project.assets },
      staleTime: 0,
      refetchInterval: (q) => (q.state.data?.assets.some((a) => a.status === 'PENDING' || a.status === 'PROCESSING') ? 1500 : false),
    },
  );
  const assets = assetsQuery.data?.assets ?? project.assets;
  const assetMap = useMemo(() => new Map(assets.map((a) => [a.id, a])), [assets]);
  const finished = useRef(new Set(assets.filter((a) => a.status !== 'PENDING' && a.status !== 'PROCESSING').map((a) => a.id)));
  useEffect(() => {
    for (const a of assets) {
      if (finished.current.has(a.id) || a.status === 'PENDING' || a.status === 'PROCESSING') continue;
      finished.current.add(a.id);
      if (a.type !== 'generation') continue;
      if (a.status === 'READY') notifications.show({ color: 'teal', title: 'Image generated', message: a.prompt ?? 'Your image is on the canvas.' });
      else notifications.show({ color: 'red', title: 'Generation failed', message: a.error ?? 'Your credits were refunded.' });
    }
  }, [assets]);

  const selected = doc.find((l) => l.id === selectedId) ?? null;
  const upload = trpc.imageEditor.upload.useMutation();
  const generate = trpc.imageEditor.generate.useMutation();
  const quick = trpc.imageEditor.quickAction.useMutation();
  const createLayer = trpc.imageEditor.createLayer.useMutation();

  const refreshAssets = useCallback(() => void utils.imageEditor.assets.invalidate({ id: project.id }), [utils, project.id]);

  const updateLayer = useCallback(
    (id: string, patch: Partial<LayerState>, key?: string) => commit((list) => list.map((l) => (l.id === id ? { ...l, ...patch } : l)), key),
    [commit],
  );
  const moveBy = useCallback(
    (id: string, direction: 1 | -1) =>
      commit((list) => {
        const i = list.findIndex((l) => l.id === id);
        return moveLayer(list, i, i + direction);
      }),
    [commit],
  );
  const removeLayer = useCallback(
    (id: string) => {
      commit((list) => list.filter((l) => l.id !== id));
      setSelectedId((s) => (s === id ? null : s));
    },
    [commit],
  );

  const addShape = (kind: 'rectangle' | 'ellipse') =>
    guard('createShapeLayer', () => {
      const w = Math.round(project.width / 3);
      const h = Math.round(project.height / 3);
      const layer: LayerState = {
        id: crypto.randomUUID(),
        type: 'SHAPE',
        name: kind === 'ellipse' ? 'Ellipse' : 'Rectangle',
        visible: true,
        opacity: 100,
        blendMode: 'normal',
        assetId: null,
        x: Math.round((project.width - w) / 2),
        y: Math.round((project.height - h) / 2),
        width: w,
        height: h,
        rotation: 0,
        shape: { kind, fill: kind === 'ellipse' ? '#fab005' : '#4c6ef5', stroke: 'transparent', strokeWidth: 0, radius: 0 },
      };
      commit((list) => [...list, layer]);
      setSelectedId(layer.id);
    });

  const pickFile = () => guard('uploadImage', () => fileInput.current?.click());
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      notifications.show({ color: 'red', title: 'Image too large', message: `${file.name} is larger than 8 MB.` });
      return;
    }
    setUploading(true);
    try {
      const res = await upload.mutateAsync({ id: project.id, image: await readAsDataUrl(file), fileName: file.name });
      track('image_editor_image_uploaded', { projectId: project.id, bytes: file.size, width: res.asset.width ?? 0, height: res.asset.height ?? 0 });
      refreshAssets();
      utils.imageEditor.assets.setData({ id: project.id }, (old) => ({ assets: [res.asset, ...(old?.assets ?? [])] }));
      if (res.layer) {
        document.applyServerLayer(res.layer, 'add');
        setSelectedId(res.layer.id);
      }
      notifications.show({ color: 'teal', title: 'Image added', message: `${file.name} is a new layer.` });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Upload failed', message: errorMessage(e) });
    } finally {
      setUploading(false);
    }
  };

  const onGenerate = async (input: { prompt: string; model: string; aspectRatio: '16:9' | '9:16' | '1:1'; credits: number }) => {
    setGenerating(true);
    try {
      const res = await generate.mutateAsync({
        id: project.id,
        prompt: input.prompt,
        model: input.model,
        aspectRatio: input.aspectRatio,
        idempotencyKey: crypto.randomUUID(),
      });
      track('image_editor_image_generated', { projectId: project.id, model: input.model, credits: input.credits, aspectRatio: input.aspectRatio });
      utils.imageEditor.assets.setData({ id: project.id }, (old) => ({
        assets: [res.asset, ...(old?.assets ?? []).filter((a) => a.id !== res.asset.id)],
      }));
      refreshAssets();
      if (res.layer) {
        document.applyServerLayer(res.layer, 'add');
        setSelectedId(res.layer.id);
      }
      notifications.show({
        title: 'Generating',
        message: `${input.credits} ${input.credits === 1 ? 'credit' : 'credits'} · the layer fills in when the image is ready.`,
      });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Could not generate', message: errorMessage(e) });
      throw e;
    } finally {
      setGenerating(false);
    }
  };

  const runQuick = async (label: string, action: QuickActionBody) => {
    if (!selected) return;
    setRunning(label);
    try {
      await document.flush();
      const res = await quick.mutateAsync({ id: selected.id, action });
      track('image_editor_quick_action', { projectId: project.id, action: action.kind, detail: label });
      utils.imageEditor.assets.setData({ id: project.id }, (old) => ({ assets: [res.asset, ...(old?.assets ?? [])] }));
      document.applyServerLayer(res.layer, 'replace');
      notifications.show({ color: 'teal', title: label, message: 'Applied. Undo brings the original back.' });
    } catch (e) {
      notifications.show({ color: 'red', title: `${label} failed`, message: errorMessage(e) });
    } finally {
      setRunning(null);
    }
  };

  const addAssetLayer = async (asset: Asset) => {
    try {
      await document.flush();
      const res = await createLayer.mutateAsync({ id: project.id, type: 'IMAGE', assetId: asset.id, name: asset.prompt?.slice(0, 40) || 'Image' });
      document.applyServerLayer(res.layer, 'add');
      setSelectedId(res.layer.id);
      setTab('layers');
    } catch (e) {
      notifications.show({ color: 'red', title: 'Could not add the layer', message: errorMessage(e) });
    }
  };

  const nudge = (dx: number, dy: number) => selected && updateLayer(selected.id, { x: selected.x + dx, y: selected.y + dy }, `nudge:${selected.id}`);
  const duplicate = () =>
    selected &&
    guard('createLayerCopy', () => {
      const copy = { ...selected, id: crypto.randomUUID(), name: `${selected.name} copy`.slice(0, 80), x: selected.x + 20, y: selected.y + 20 };
      commit((list) => {
        const i = list.findIndex((l) => l.id === selected.id);
        const next = list.slice();
        next.splice(i + 1, 0, copy);
        return next;
      });
      setSelectedId(copy.id);
    });
  // Single-key shortcuts act on the canvas only: not while a slider, select or button in the panels has focus.
  const onCanvas = (fn: () => void) => () => {
    const active = window.document.activeElement;
    if (active && active !== window.document.body && !active.closest('[data-testid="image-canvas"]')) return;
    fn();
  };
  useHotkeys([
    ['mod+z', () => document.undo()],
    ['mod+shift+z', () => document.redo()],
    ['mod+y', () => document.redo()],
    ['Delete', onCanvas(() => selected && guard('deleteLayer', () => removeLayer(selected.id)))],
    ['Backspace', onCanvas(() => selected && guard('deleteLayer', () => removeLayer(selected.id)))],
    ['Escape', onCanvas(() => setSelectedId(null))],
    ['ArrowLeft', onCanvas(() => nudge(-1, 0))],
    ['ArrowRight', onCanvas(() => nudge(1, 0))],
    ['ArrowUp', onCanvas(() => nudge(0, -1))],
    ['ArrowDown', onCanvas(() => nudge(0, 1))],
    ['shift+ArrowLeft', onCanvas(() => nudge(-10, 0))],
    ['shift+ArrowRight', onCanvas(() => nudge(10, 0))],
    ['shift+ArrowUp', onCanvas(() => nudge(0, -10))],
    ['shift+ArrowDown', onCanvas(() => nudge(0, 10))],
    [']', onCanvas(() => selected && moveBy(selected.id, 1))],
    ['[', onCanvas(() => selected && moveBy(selected.id, -1))],
    ['mod+d', duplicate],
    ['mod+s', () => (isGuest ? guard('saveImageProject', () => {}) : void document.flush().catch(() => {}))],
  ]);

  const onTab = (value: string | null) => {
    if (!value) return;
    setTab(value as Tab);
    track('image_editor_tab_viewed', { projectId: project.id, tab: value });
  };

  const usedIds = useMemo(() => new Set(doc.map((l) => l.assetId).filter((a): a is string => Boolean(a))), [doc]);
  const tip = (label: string, shortcut: string) => `${label} (${shortcut})`;
  const panel = (
    <Box p="xs">
      <Tabs value={tab} onChange={onTab} keepMounted={false}>
        <Tabs.List grow mb="sm">
          <Tabs.Tab value="layers" px={6} fz="sm">
            Layers
          </Tabs.Tab>
          <Tabs.Tab value="generate" px={6} fz="sm">
            Generate
          </Tabs.Tab>
          <Tabs.Tab value="adjust" px={6} fz="sm">
            Adjust
          </Tabs.Tab>
          <Tabs.Tab value="assets" px={6} fz="sm">
            Assets
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="layers">
          <LayerPanel
            layers={doc}
            assets={assetMap}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onUpdate={updateLayer}
            onMove={moveBy}
            onDelete={removeLayer}
            onGestureEnd={endGesture}
            guard={guard}
          />
        </Tabs.Panel>
        <Tabs.Panel value="generate">
          <ViewOnly>
            <GeneratePanel busy={generating} canvasRatio={project.aspectRatio} onGenerate={onGenerate} />
          </ViewOnly>
        </Tabs.Panel>
        <Tabs.Panel value="adjust">
          <ViewOnly>
            <QuickActions
              layer={selected}
              asset={selected?.assetId ? assetMap.get(selected.assetId) : undefined}
              running={running}
              onRun={(l, a) => void runQuick(l, a)}
            />
          </ViewOnly>
        </Tabs.Panel>
        <Tabs.Panel value="assets">
          <ViewOnly>
            <AssetsPanel assets={assets} usedIds={usedIds} onAdd={(a) => void addAssetLayer(a)} onUpload={pickFile} />
          </ViewOnly>
        </Tabs.Panel>
      </Tabs>
    </Box>
  );

  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="image-upload-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          void onFile(file);
        }}
      />
      <EditorFrame
        title="Image Editor"
        subtitle={`${project.name} · ${project.width}×${project.height} · ${project.aspectRatio}`}
        tools={[]}
        actions={
          <>
            <ProjectEditorsMenu projectId={project.id} current="image-editor" type="IMAGE" compact />
            <Group gap={4} wrap="nowrap" visibleFrom="sm">
              <Tooltip label={tip('Undo', 'Ctrl+Z')}>
                <ActionIcon variant="default" size="lg" aria-label="Undo" disabled={!document.canUndo} onClick={document.undo}>
                  <IconArrowBackUp size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={tip('Redo', 'Ctrl+Shift+Z')}>
                <ActionIcon variant="default" size="lg" aria-label="Redo" disabled={!document.canRedo} onClick={document.redo}>
                  <IconArrowForwardUp size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            <ViewOnly inline>
              <Group gap={4} wrap="nowrap" visibleFrom="sm">
                <Tooltip label="Add a rectangle">
                  <ActionIcon variant="default" size="lg" aria-label="Add rectangle" onClick={() => addShape('rectangle')}>
                    <IconSquare size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Add an ellipse">
                  <ActionIcon variant="default" size="lg" aria-label="Add ellipse" onClick={() => addShape('ellipse')}>
                    <IconCircle size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Upload a PNG, JPEG or WebP (up to 8 MB)">
                  <ActionIcon variant="default" size="lg" aria-label="Upload image" loading={uploading} onClick={pickFile}>
                    <IconUpload size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <Box visibleFrom="sm">
                <CanvasSettings project={project} isGuest={isGuest} beforeChange={document.flush} />
              </Box>
            </ViewOnly>
            <ActionIcon variant="default" size="lg" aria-label="Open the editor panel" hiddenFrom="md" onClick={() => setPanelOpen(true)}>
              <IconLayersSubtract size={16} aria-hidden />
            </ActionIcon>
            {viewOnly ? null : <SaveIndicator isGuest={isGuest} status={document.status} error={document.saveError} onRetry={document.retry} />}
            <GuardedButton action="exportImage" size="xs" leftSection={<IconFileExport size={14} aria-hidden />} onAction={() => setExportOpen(true)}>
              Export
            </GuardedButton>
          </>
        }
        stage={
          <Box
            style={{
              position: 'relative',
              width: '100%',
              height: '100%',
              minHeight: 240,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <EditorCanvas
              width={project.width}
              height={project.height}
              background={project.background}
              layers={doc}
              assets={assetMap}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onChange={(layer, key) => updateLayer(layer.id, layer, key)}
              onGestureEnd={endGesture}
            />
            {doc.length === 0 ? (
              <Paper
                withBorder
                shadow="sm"
                p="md"
                radius="md"
                style={{ position: 'absolute', left: '50%', top: '50%', transform: 'translate(-50%, -50%)' }}
              >
                <ScreenEmptyState
                  bare
                  icon={<IconPhoto size={26} stroke={1.6} />}
                  title="Empty canvas"
                  description="Upload an image, generate one from a prompt, or add a shape."
                  actions={
                    <Group gap="xs">
                      <GuardedButton action="uploadImage" size="xs" leftSection={<IconUpload size={14} aria-hidden />} onAction={pickFile}>
                        Upload
                      </GuardedButton>
                      <GuardedButton
                        action="generateImage"
                        size="xs"
                        variant="light"
                        leftSection={<IconSparkles size={14} aria-hidden />}
                        onAction={() => onTab('generate')}
                      >
                        Generate
                      </GuardedButton>
                      <GuardedButton
                        action="createShapeLayer"
                        size="xs"
                        variant="default"
                        leftSection={<IconSquare size={14} aria-hidden />}
                        onAction={() => addShape('rectangle')}
                      >
                        Shape
                      </GuardedButton>
                    </Group>
                  }
                />
              </Paper>
            ) : null}
          </Box>
        }
        panelTitle="Editor"
        panel={panel}
      />
      <Drawer opened={panelOpen} onClose={() => setPanelOpen(false)} position="right" size={340} title="Editor" hiddenFrom="md">
        <Group gap="xs" mb="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowBackUp size={14} aria-hidden />}
            disabled={!document.canUndo}
            onClick={document.undo}
          >
            Undo
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowForwardUp size={14} aria-hidden />}
            disabled={!document.canRedo}
            onClick={document.redo}
          >
            Redo
          </Button>
          <ViewOnly inline>
            <CanvasSettings project={project} isGuest={isGuest} beforeChange={document.flush} />
            <Button size="xs" variant="default" leftSection={<IconSquare size={14} aria-hidden />} onClick={() => addShape('rectangle')}>
              Rectangle
            </Button>
            <Button size="xs" variant="default" leftSection={<IconCircle size={14} aria-hidden />} onClick={() => addShape('ellipse')}>
              Ellipse
            </Button>
            <Button size="xs" variant="default" leftSection={<IconUpload size={14} aria-hidden />} loading={uploading} onClick={pickFile}>
              Upload
            </Button>
          </ViewOnly>
        </Group>
        {panel}
      </Drawer>
      <ImageExportDialog
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        projectId={project.id}
        width={project.width}
        height={project.height}
        beforeExport={document.flush}
      />
    </>
  );
}
