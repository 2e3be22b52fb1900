import { createFileRoute } from '@tanstack/react-router';
import { SegmentEditorScreen } from '../../../../features/segments/SegmentEditorScreen';

export const Route = createFileRoute('/_main/projects/$projectId/segments')({
  component: RouteComponent,
});

function RouteComponent() {
  const { projectId } = Route.useParams();
  return <SegmentEditorScreen projectId={projectId} />;
}
