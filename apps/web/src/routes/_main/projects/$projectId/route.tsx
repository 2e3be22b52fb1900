import { createFileRoute } from '@tanstack/react-router';
import { assertProjectId } from '../../../../features/projects/projectId';

/**
 * Every /projects/{projectId}/… route. A malformed id can never name a project: it fails here, and
 * the router shows its error view ('Something went wrong!').
 */
export const Route = createFileRoute('/_main/projects/$projectId')({
  beforeLoad: ({ params }) => assertProjectId(params.projectId),
});
