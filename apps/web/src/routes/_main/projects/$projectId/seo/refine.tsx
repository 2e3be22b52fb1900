import { createFileRoute } from '@tanstack/react-router';
import { RefineDraftsScreen } from '../../../../../features/seo/RefineDraftsScreen';

export const Route = createFileRoute('/_main/projects/$projectId/seo/refine')({
  component: RouteComponent,
});

function RouteComponent() {
  const { projectId } = Route.useParams();
  return <RefineDraftsScreen projectId={projectId} />;
}
