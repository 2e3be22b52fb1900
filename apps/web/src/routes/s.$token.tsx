import { createFileRoute } from '@tanstack/react-router';
import { SharedScreen } from '../features/share/SharedScreen';

/** A public share link: outside both layouts, readable by anyone with the token. */
export const Route = createFileRoute('/s/$token')({
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useParams();
  return <SharedScreen token={token} />;
}
