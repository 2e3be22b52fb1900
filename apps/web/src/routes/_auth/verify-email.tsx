import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailScreen } from '../../features/auth/VerifyEmailScreen';
import { tokenSearch } from '../../lib/searchParams';

export const Route = createFileRoute('/_auth/verify-email')({
  validateSearch: tokenSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <VerifyEmailScreen token={token} />;
}
