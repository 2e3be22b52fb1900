import type { SoundClip, SoundTrack } from '@atelier/shared';
import { ActionIcon, Box, Button, Drawer, Group, Loader, ScrollArea, Slider, Text, Tooltip } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAdjustmentsHorizontal,
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconDeviceFloppy,
  IconFileExport,
  IconMusic,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlus,
  IconRefresh,
  IconUpload,
  IconZoomIn,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { EditorFrame } from '../../components/EditorFrame';
import { EditorLoadFailure } from '../../components/EditorLoadFailure';
import { PageLoader } from '../../components/feedback/PageLoader';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';
import { useRequireLogin } from '../../lib/auth/useRequireLogin';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useEditAccess, ViewOnly } from '../collaboration/viewOnly';
import { ProjectEditorsMenu } from '../projects/ProjectEditorsMenu';
import { useProjectsViewer } from '../projects/useProjectsViewer';
import { AddAudioModal } from './AddAudioModal';
import { MixExportModal } from './MixExportModal';
import { placeNewClip, timeLabel } from './placement';
import { SoundInspector } from './SoundInspector';
import { formatTime, SoundTimeline } from './SoundTimeline';
import { useMixPlayer } from './useMixPlayer';
import { findClip, moveClipToTrack, type SaveStatus, type SoundSession, type SoundSource, updateClip, useSoundSession } from './useSoundSession';

const MAX_TRACKS = 16;

/** /projects/{projectId}/sound-editor — tracks of audio clips: move, trim, fade, volume, mute/solo, playback, mixdown export. */
export function SoundEditorScreen({ projectId }: { projectId: string }) {
  const { ready, isGuest, viewerId } = useProjectsViewer();
  const session = trpc.soundEditor.session.useQuery(
    { id: projectId },
    { enabled: ready, staleTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );

  if (!ready || session.isPending) return <PageLoader fullHeight label="Opening the sound editor" />;
  if (session.isError) {
    return <EditorLoadFailure error={session.error} title="Could not open the sound editor" onRetry={() => void session.refetch()} />;
  }
  // Keyed by viewer: after a login the editor starts again from the signed-in user's data.
  return <SoundEditor key={`${projectId}:${viewerId ?? 'guest'}`} initial={session.data.session} isGuest={isGuest} />;
}

function SaveIndicator({ isGuest, status, error, onRetry }: { isGuest: boolean; status: SaveStatus; error: string | null; onRetry: () => void }) {
  if (isGuest) {
    return (
      <Tooltip label="Demo project: your edits stay in this tab. Log in to save.">
        <GuardedButton
          action="saveSoundProject"
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
  if (status === 'conflict') {
    return (
      <Tooltip label={error ?? 'Changed elsewhere'}>
        <Button
          size="xs"
          variant="light"
          color="orange"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => window.location.reload()}
          data-testid="save-state"
          data-state="conflict"
        >
          Changed elsewhere · Reload
        </Button>
      </Tooltip>
    );
  }
  if (status === 'error') {
    return (
      <Tooltip label={error ?? 'Not saved'}>
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
      </Tooltip>
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

function SoundEditor({ initial, isGuest }: { initial: SoundSession; isGuest: boolean }) {
  const guard = useRequireLogin();
  const { viewOnly } = useEditAccess();
  const utils = trpc.useUtils();
  // Guests edit locally and viewers not at all: neither saves.
  const doc = useSoundSession(initial, !isGuest && !viewOnly);
  // Every edit goes through here: a viewer's drags and clicks change nothing.
  const update: typeof doc.update = viewOnly ? () => {} : doc.update;
  const { tracks, sources } = doc;
  const player = useMixPlayer(tracks, sources);
  const removeSource = trpc.soundEditor.removeSource.useMutation();
  const [selectedClipId, setSelectedClipId] = useState<string | null>(null);
  const [selectedTrackId, setSelectedTrackId] = useState<string | null>(initial.tracks[0]?.id ?? null);
  const [pps, setPps] = useState(40);
  const [addOpen, setAddOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [inspectorOpen, setInspectorOpen] = useState(false);
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;

  const selected = findClip(tracks, selectedClipId);
  const selectedTrack = tracks.find((t) => t.id === (selected?.track.id ?? selectedTrackId)) ?? null;
  const audibleClips = player.segments.length;

  useEffect(() => {
    if (selectedClipId && !selected) setSelectedClipId(null);
  }, [selectedClipId, selected]);

  // ---- edits ----------------------------------------------------------------------------------
  const changeClip = useCallback((clipId: string, patch: Partial<SoundClip>) => update((list) => updateClip(list, clipId, patch)), [update]);
  const changeTrack = useCallback(
    (trackId: string, patch: Partial<Pick<SoundTrack, 'name' | 'volume' | 'muted' | 'solo'>>) =>
      update((list) => list.map((t) => (t.id === trackId ? { ...t, ...patch } : t))),
    [update],
  );
  const toTrack = useCallback((clipId: string, trackId: string) => update((list) => moveClipToTrack(list, clipId, trackId)), [update]);

  const newTrack = (name?: string): SoundTrack => ({
    id: crypto.randomUUID(),
    name: name ?? `Track ${tracks.length + 1}`,
    volume: 1,
    muted: false,
    solo: false,
    clips: [],
  });

  const addTrack = () =>
    guard('createTrack', () => {
      if (tracks.length >= MAX_TRACKS) {
        notifications.show({ color: 'yellow', message: `A session holds at most ${MAX_TRACKS} tracks.` });
        return;
      }
      const t = newTrack();
      update((list) => [...list, t]);
      setSelectedTrackId(t.id);
      setSelectedClipId(null);
    });

  /**
   * Puts a source where it overlaps nothing: on the selected track at the playhead when that stretch is free, else
   * after the track's last clip; with no track selected on a new track. The toast says where it went.
   */
  const place = (source: SoundSource, list: SoundSource[] = sources) =>
    guard('createClip', () => {
      const durations = new Map(list.map((s) => [s.id, s.durationSeconds]));
      const spot = placeNewClip(tracks, durations, selectedTrackId, source.durationSeconds, player.time);
      if (!spot.trackId && tracks.length >= MAX_TRACKS) {
        notifications.show({ color: 'yellow', message: `A session holds at most ${MAX_TRACKS} tracks.` });
        return;
      }
      const clip: SoundClip = {
        id: crypto.randomUUID(),
        sourceId: source.id,
        start: spot.start,
        trimStart: 0,
        trimEnd: 0,
        fadeIn: 0,
        fadeOut: 0,
        gain: 1,
      };
      const target = tracks.find((t) => t.id === spot.trackId);
      const fresh = target ? null : newTrack(source.name.slice(0, 60));
      const trackId = target?.id ?? fresh?.id ?? '';
      update((prev) => {
        const base = fresh ? [...prev, fresh] : prev;
        return base.map((t) => (t.id === trackId ? { ...t, clips: [...t.clips, clip] } : t));
      }, list);
      setSelectedTrackId(trackId);
      setSelectedClipId(clip.id);
      const after = spot.afterClipId ? list.find((s) => s.id === target?.clips.find((c) => c.id === spot.afterClipId)?.sourceId)?.name : undefined;
      const where =
        spot.why === 'new-track'
          ? `on a new track “${fresh?.name ?? ''}” at ${timeLabel(spot.start)}`
          : spot.why === 'after'
            ? `to “${target?.name ?? ''}” at ${timeLabel(spot.start)}, after “${after ?? 'the last clip'}”`
            : `to “${target?.name ?? ''}” at ${timeLabel(spot.start)} (the playhead)`;
      notifications.show({ color: 'teal', title: 'Audio added', message: `Added “${source.name}” ${where}.` });
    });

  const deleteClip = (clipId: string) =>
    guard('deleteClip', () => {
      update((list) => list.map((t) => ({ ...t, clips: t.clips.filter((c) => c.id !== clipId) })));
      setSelectedClipId(null);
    });

  const deleteTrack = (trackId: string) =>
    guard('deleteTrack', () => {
      const t = tracks.find((x) => x.id === trackId);
      update((list) => list.filter((x) => x.id !== trackId));
      setSelectedTrackId(tracks.find((x) => x.id !== trackId)?.id ?? null);
      setSelectedClipId(null);
      if (t) notifications.show({ color: 'gray', message: `Track “${t.name}” deleted.` });
    });

  const dropSource = (sourceId: string) =>
    guard('deleteAudioSource', async () => {
      try {
        await doc.flush();
        const res = await removeSource.mutateAsync({ id: initial.projectId, sourceId });
        doc.addSources(res.session.sources);
      } catch (e) {
        notifications.show({ color: 'red', title: 'Could not remove the audio', message: errorMessage(e) });
      }
    });

  const togglePlay = () => (player.state === 'stopped' ? void player.play() : player.pause());

  useHotkeys([
    [
      'space',
      (e) => {
        e.preventDefault();
        togglePlay();
      },
    ],
    ['Home', () => player.seek(0)],
    ['Delete', () => selectedClipId && deleteClip(selectedClipId)],
  ]);

  // Unsaved edits: ask before leaving the page.
  const pending = doc.status !== 'saved' && !isGuest && !viewOnly;
  useEffect(() => {
    if (!pending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);

  useEffect(() => {
    if (player.loadError) notifications.show({ color: 'red', title: 'Some audio could not be played', message: player.loadError });
  }, [player.loadError]);

  const targetLabel = useMemo(() => {
    const t = tracks.find((x) => x.id === selectedTrackId);
    return t ? `“${t.name}”` : 'a new track';
  }, [tracks, selectedTrackId]);

  const inspector = (
    <ViewOnly>
      <SoundInspector
        tracks={tracks}
        sources={sources}
        selected={selected}
        selectedTrack={selectedTrack}
        onClip={changeClip}
        onMoveToTrack={toTrack}
        onDeleteClip={deleteClip}
        onTrack={changeTrack}
        onDeleteTrack={deleteTrack}
        onPlaceSource={(id) => {
          const s = sources.find((x) => x.id === id);
          if (s) place(s);
        }}
        onRemoveSource={dropSource}
      />
    </ViewOnly>
  );

  const stage =
    tracks.length === 0 ? (
      <ScreenEmptyState
        icon={<IconMusic size={26} stroke={1.6} />}
        title="No audio tracks yet"
        description="Upload audio, or add speech and music from the studios or the sound of this project's videos, to make your first track."
        actions={
          <GuardedButton action="createAudioClip" onAction={() => setAddOpen(true)} leftSection={<IconUpload size={16} aria-hidden />}>
            Add audio
          </GuardedButton>
        }
      />
    ) : (
      <Box w="100%" h="100%" style={{ borderRadius: 8, border: '1px solid var(--mantine-color-default-border)' }} bg="var(--mantine-color-body)">
        <ScrollArea h="100%" type="auto">
          <ViewOnly>
            <SoundTimeline
              tracks={tracks}
              sources={sources}
              selectedClipId={selectedClipId}
              selectedTrackId={selectedTrack?.id ?? null}
              pps={pps}
              headerWidth={narrow ? 136 : 210}
              time={player.time}
              length={player.length}
              actions={{
                select: (clipId, trackId) => {
                  setSelectedClipId(clipId);
                  if (trackId) setSelectedTrackId(trackId);
                },
                change: changeClip,
                moveToTrack: toTrack,
                track: changeTrack,
                seek: player.seek,
              }}
            />
          </ViewOnly>
        </ScrollArea>
      </Box>
    );

  const transport = (
    <Group px="md" py={8} justify="space-between" wrap="nowrap" gap="md">
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Back to the start (Home)">
          <ActionIcon variant="default" size="lg" aria-label="Back to the start" onClick={() => player.seek(0)}>
            <IconPlayerSkipBackFilled size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={player.state === 'stopped' ? 'Play (Space)' : 'Pause (Space)'}>
          <ActionIcon
            size="lg"
            aria-label={player.state === 'stopped' ? 'Play' : 'Pause'}
            onClick={togglePlay}
            disabled={audibleClips === 0}
            loading={player.state === 'loading'}
            data-testid="play"
          >
            {player.state === 'playing' ? <IconPlayerPauseFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
          </ActionIcon>
        </Tooltip>
        <Text size="sm" ff="monospace" data-testid="time" aria-live="off" style={{ whiteSpace: 'nowrap' }}>
          {formatTime(player.time)} / {formatTime(player.length)}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap" w={160} visibleFrom="sm">
          <IconZoomIn size={16} color="var(--mantine-color-dimmed)" aria-hidden />
          <Slider style={{ flex: 1 }} size="xs" min={8} max={160} step={4} value={pps} onChange={setPps} thumbLabel="Zoom" label={null} />
        </Group>
        {narrow ? (
          <ViewOnly inline>
            <ActionIcon variant="default" size="lg" aria-label="Add track" onClick={addTrack}>
              <IconPlus size={16} />
            </ActionIcon>
            <ActionIcon variant="light" size="lg" aria-label="Add audio" onClick={() => guard('createAudioClip', () => setAddOpen(true))}>
              <IconUpload size={16} />
            </ActionIcon>
          </ViewOnly>
        ) : (
          <>
            <GuardedButton
              action="createTrack"
              size="xs"
              variant="default"
              leftSection={<IconPlus size={14} />}
              onAction={addTrack}
              aria-label="Add track"
            >
              Track
            </GuardedButton>
            <GuardedButton
              action="createAudioClip"
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              onAction={() => setAddOpen(true)}
            >
              Add audio
            </GuardedButton>
          </>
        )}
      </Group>
    </Group>
  );

  return (
    <>
      <EditorFrame
        title="Sound Editor"
        subtitle={`${isGuest ? 'Demo · ' : ''}${initial.projectName} · ${tracks.length} track${tracks.length === 1 ? '' : 's'}`}
        tools={[]}
        actions={
          <>
            <Tooltip label="All projects">
              <ActionIcon component={Link} to="/projects" variant="subtle" color="gray" size="lg" aria-label="All projects" visibleFrom="sm">
                <IconArrowLeft size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <ProjectEditorsMenu projectId={initial.projectId} current="sound-editor" compact />
            {viewOnly ? null : <SaveIndicator isGuest={isGuest} status={doc.status} error={doc.error} onRetry={doc.retry} />}
            <ActionIcon variant="default" size="lg" aria-label="Open inspector" hiddenFrom="md" onClick={() => setInspectorOpen(true)}>
              <IconAdjustmentsHorizontal size={18} aria-hidden />
            </ActionIcon>
            <GuardedButton
              action="exportMixdown"
              size="xs"
              onAction={() => setExportOpen(true)}
              leftSection={<IconFileExport size={14} aria-hidden />}
              disabled={audibleClips === 0}
            >
              Export
            </GuardedButton>
          </>
        }
        stage={stage}
        bottom={transport}
        panelTitle="Inspector"
        panel={inspector}
      />
      <Drawer opened={inspectorOpen} onClose={() => setInspectorOpen(false)} position="right" size={340} title="Inspector" hiddenFrom="md">
        {inspector}
      </Drawer>
      <AddAudioModal
        opened={addOpen}
        onClose={() => setAddOpen(false)}
        projectId={initial.projectId}
        target={targetLabel}
        onAdded={(source, list) => {
          doc.addSources(list);
          place(source, list);
          void utils.soundEditor.library.invalidate({ id: initial.projectId });
        }}
      />
      <MixExportModal
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        projectId={initial.projectId}
        seconds={player.length}
        clipCount={audibleClips}
        beforeExport={doc.flush}
      />
    </>
  );
}
