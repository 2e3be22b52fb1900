import { createFileRoute } from '@tanstack/react-router';
import { UserProfitabilityScreen } from '../../../../../features/admin/UserProfitabilityScreen';

export const Route = createFileRoute('/_main/admin/profitability/users/$userId')({
  component: RouteComponent,
});

function RouteComponent() {
  const { userId } = Route.useParams();
  return <UserProfitabilityScreen userId={userId} />;
}
