import { createFileRoute } from '@tanstack/react-router';
import { ArticleGenerationScreen } from '../../../../../features/seo/ArticleGenerationScreen';

export const Route = createFileRoute('/_main/projects/$projectId/seo/')({
  component: RouteComponent,
});

function RouteComponent() {
  const { projectId } = Route.useParams();
  return <ArticleGenerationScreen projectId={projectId} />;
}
