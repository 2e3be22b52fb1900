import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ConfirmEmailScreen } from '../../features/auth/ConfirmEmailScreen';

/** The link sent to a new address when the e-mail is changed. */
const searchSchema = z.object({ token: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/_auth/confirm-email')({
  validateSearch: searchSchema,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <ConfirmEmailScreen token={token} />;
}
