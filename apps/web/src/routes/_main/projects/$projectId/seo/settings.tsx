import { createFileRoute } from '@tanstack/react-router';
import { SeoSettingsScreen } from '../../../../../features/seo/SeoSettingsScreen';

export const Route = createFileRoute('/_main/projects/$projectId/seo/settings')({
  component: RouteComponent,
});

function RouteComponent() {
  const { projectId } = Route.useParams();
  return <SeoSettingsScreen projectId={projectId} />;
}
