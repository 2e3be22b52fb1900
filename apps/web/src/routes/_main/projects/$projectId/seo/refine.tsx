import { createFileRoute } from '@tanstack/react-router';
import { RefineDraftsScreen } from '../../../../../features/seo/RefineDraftsScreen';
import { parseRefineSearch } from '../../../../../features/seo/refineSearch';

export const Route = createFileRoute('/_main/projects/$projectId/seo/refine')({
  validateSearch: parseRefineSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { projectId } = Route.useParams();
  const { article } = Route.useSearch();
  return <RefineDraftsScreen projectId={projectId} articleId={article ?? null} />;
}
