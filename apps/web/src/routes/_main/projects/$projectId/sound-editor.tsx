import { createFileRoute } from '@tanstack/react-router';
import { SoundEditorScreen } from '../../../../features/sound-editor/SoundEditorScreen';

export const Route = createFileRoute('/_main/projects/$projectId/sound-editor')({
  staticData: { shell: 'editor' },
  component: RouteComponent,
});

function RouteComponent() {
  const { projectId } = Route.useParams();
  return <SoundEditorScreen projectId={projectId} />;
}
