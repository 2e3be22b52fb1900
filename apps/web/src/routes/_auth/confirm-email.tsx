import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailScreen } from '../../features/auth/ConfirmEmailScreen';
import { tokenSearch } from '../../lib/searchParams';

export const Route = createFileRoute('/_auth/confirm-email')({
  validateSearch: tokenSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <ConfirmEmailScreen token={token} />;
}
