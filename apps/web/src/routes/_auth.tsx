import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../components/shell/AuthLayout';

/** Auth layout: a centred card with the logo and a tagline (/login, /register, /terms, /privacy). */
export const Route = createFileRoute('/_auth')({
  component: AuthLayout,
});
