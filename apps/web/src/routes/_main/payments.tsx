import { createFileRoute } from '@tanstack/react-router';
import { PaymentsScreen } from '../../features/payments/PaymentsScreen';

export const Route = createFileRoute('/_main/payments')({
  component: PaymentsScreen,
});
