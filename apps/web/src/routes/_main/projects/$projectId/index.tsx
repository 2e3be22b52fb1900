import { createFileRoute } from '@tanstack/react-router';
import { ProjectRedirectScreen } from '../../../../features/projects/ProjectRedirectScreen';

export const Route = createFileRoute('/_main/projects/$projectId/')({
  component: RouteComponent,
});

function RouteComponent() {
  const { projectId } = Route.useParams();
  return <ProjectRedirectScreen projectId={projectId} />;
}
