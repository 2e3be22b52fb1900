import { createFileRoute } from '@tanstack/react-router';
import { TermsScreen } from '../../features/legal/TermsScreen';

export const Route = createFileRoute('/_auth/terms')({
  staticData: { authCard: 'wide' },
  component: TermsScreen,
});
