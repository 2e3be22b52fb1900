import { createFileRoute } from '@tanstack/react-router';
import { PrivacyScreen } from '../../features/legal/PrivacyScreen';

export const Route = createFileRoute('/_auth/privacy')({
  staticData: { authCard: 'wide' },
  component: PrivacyScreen,
});
