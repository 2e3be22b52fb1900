import { createFileRoute } from '@tanstack/react-router';
import { ImageEditorScreen } from '../../../../features/image-editor/ImageEditorScreen';

export const Route = createFileRoute('/_main/projects/$projectId/image-editor')({
  staticData: { shell: 'editor' },
  component: RouteComponent,
});

function RouteComponent() {
  const { projectId } = Route.useParams();
  return <ImageEditorScreen projectId={projectId} />;
}
