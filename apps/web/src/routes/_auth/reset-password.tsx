import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ResetPasswordScreen } from '../../features/auth/ResetPasswordScreen';

/** The link from a password-reset mail (?token=…); without a token, the form that asks for one. */
const searchSchema = z.object({ token: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/_auth/reset-password')({
  validateSearch: searchSchema,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <ResetPasswordScreen token={token} />;
}
