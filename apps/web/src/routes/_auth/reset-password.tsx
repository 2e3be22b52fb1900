import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../../features/auth/ResetPasswordScreen';
import { tokenSearch } from '../../lib/searchParams';

export const Route = createFileRoute('/_auth/reset-password')({
  validateSearch: tokenSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <ResetPasswordScreen token={token} />;
}
