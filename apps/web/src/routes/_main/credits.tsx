import { createFileRoute } from '@tanstack/react-router';
import { PaymentsScreen } from '../../features/payments/PaymentsScreen';
import { paymentsSearchSchema } from '../../features/payments/paymentsSearch';

export const Route = createFileRoute('/_main/credits')({
  validateSearch: paymentsSearchSchema,
  component: PaymentsScreen,
});
