import { createFileRoute } from '@tanstack/react-router';
import { ProfitabilityScreen } from '../../../../features/admin/ProfitabilityScreen';

export const Route = createFileRoute('/_main/admin/profitability/')({
  component: ProfitabilityScreen,
});
