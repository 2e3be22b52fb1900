import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../features/auth/LoginScreen';
import { redirectSearch } from '../../lib/searchParams';

export const Route = createFileRoute('/_auth/login')({
  validateSearch: redirectSearch,
  component: LoginScreen,
});
