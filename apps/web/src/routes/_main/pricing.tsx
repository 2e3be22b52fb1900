import { createFileRoute } from '@tanstack/react-router';
import { PaymentsScreen } from '../../features/payments/PaymentsScreen';
import { paymentsSearchSchema } from '../../features/payments/paymentsSearch';

export const Route = createFileRoute('/_main/pricing')({
  validateSearch: paymentsSearchSchema,
  component: PaymentsScreen,
});
