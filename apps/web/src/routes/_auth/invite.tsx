import { createFileRoute } from '@tanstack/react-router';
import { InviteScreen } from '../../features/collaboration/InviteScreen';
import { tokenSearch } from '../../lib/searchParams';

export const Route = createFileRoute('/_auth/invite')({
  validateSearch: tokenSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <InviteScreen token={token} />;
}
