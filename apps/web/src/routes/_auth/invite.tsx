import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { InviteScreen } from '../../features/collaboration/InviteScreen';

/** The link from an invitation mail. */
const searchSchema = z.object({ token: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/_auth/invite')({
  validateSearch: searchSchema,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <InviteScreen token={token} />;
}
