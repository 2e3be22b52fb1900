import { createFileRoute } from '@tanstack/react-router';
import { VideoEditorScreen } from '../../../../features/video-editor/VideoEditorScreen';

export const Route = createFileRoute('/_main/projects/$projectId/video-editor')({
  staticData: { shell: 'editor' },
  component: RouteComponent,
});

function RouteComponent() {
  const { projectId } = Route.useParams();
  return <VideoEditorScreen projectId={projectId} />;
}
