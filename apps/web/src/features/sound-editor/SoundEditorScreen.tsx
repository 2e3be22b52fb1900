import { IconDeviceFloppy, IconMusic, IconSparkles, IconVolume } from '@tabler/icons-react';
import { EditorFrame } from '../../components/EditorFrame';
import { GuardedButton } from '../../components/GuardedButton';
import { ScreenEmptyState } from '../../components/ScreenEmptyState';

/** /projects/{projectId}/sound-editor — voice-overs, music and effects on tracks. */
export function SoundEditorScreen({ projectId: _projectId }: { projectId: string }) {
  return (
    <EditorFrame
      title="Sound Editor"
      subtitle="Sound project"
      // The editing tools arrive with the editor itself (issue 9); no buttons that do nothing meanwhile.
      tools={[]}
      actions={
        <GuardedButton action="saveSoundProject" size="xs" variant="default" leftSection={<IconDeviceFloppy size={14} aria-hidden />}>
          Save
        </GuardedButton>
      }
      stage={
        <ScreenEmptyState
          icon={<IconMusic size={26} stroke={1.6} />}
          title="No audio tracks yet"
          description="Generate a voice-over, music or an effect, or upload audio, to add your first track."
          actions={
            <GuardedButton action="generateAudio" leftSection={<IconSparkles size={16} aria-hidden />}>
              Generate audio
            </GuardedButton>
          }
        />
      }
      panelTitle="Track settings"
      panel={
        <ScreenEmptyState
          bare
          icon={<IconVolume size={22} stroke={1.6} />}
          title="No track selected"
          description="Select a track to change its volume, fades and timing."
        />
      }
    />
  );
}
