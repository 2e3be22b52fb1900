import { createFileRoute } from '@tanstack/react-router';
import { CompetitorAnalysisScreen } from '../../../../../features/seo/CompetitorAnalysisScreen';

export const Route = createFileRoute('/_main/projects/$projectId/seo/analysis')({
  component: RouteComponent,
});

function RouteComponent() {
  const { projectId } = Route.useParams();
  return <CompetitorAnalysisScreen projectId={projectId} />;
}
