import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { VerifyEmailScreen } from '../../features/auth/VerifyEmailScreen';

/** The link from the verification mail. */
const searchSchema = z.object({ token: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/_auth/verify-email')({
  validateSearch: searchSchema,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <VerifyEmailScreen token={token} />;
}
