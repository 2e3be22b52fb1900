import { createFileRoute } from '@tanstack/react-router';
import { RegisterScreen } from '../../features/auth/LoginScreen';
import { redirectSearch } from '../../lib/searchParams';

export const Route = createFileRoute('/_auth/register')({
  validateSearch: redirectSearch,
  component: RegisterScreen,
});
