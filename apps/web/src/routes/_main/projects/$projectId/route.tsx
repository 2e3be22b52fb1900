import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ProjectAccessBanner } from '../../../../features/collaboration/ProjectAccessBanner';
import { ProjectAccessProvider } from '../../../../features/collaboration/viewOnly';
import { assertProjectId } from '../../../../features/projects/projectId';

/**
 * Every /projects/{projectId}/… route. A malformed id can never name a project: it fails here, and
 * the router shows its error view ('Something went wrong!'). A shared project shows the visitor's
 * role above its screens, and every screen below follows it (viewers get disabled write controls).
 */
export const Route = createFileRoute('/_main/projects/$projectId')({
  beforeLoad: ({ params }) => assertProjectId(params.projectId),
  component: ProjectLayout,
});

function ProjectLayout() {
  const { projectId } = Route.useParams();
  return (
    <ProjectAccessProvider projectId={projectId}>
      <ProjectAccessBanner projectId={projectId} />
      <Outlet />
    </ProjectAccessProvider>
  );
}
