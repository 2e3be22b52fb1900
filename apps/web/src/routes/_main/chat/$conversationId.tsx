import { createFileRoute } from '@tanstack/react-router';
import { ChatScreen } from '../../../features/chat/ChatScreen';

export const Route = createFileRoute('/_main/chat/$conversationId')({
  staticData: { shell: 'full-bleed' },
  component: RouteComponent,
});

function RouteComponent() {
  const { conversationId } = Route.useParams();
  return <ChatScreen conversationId={conversationId} />;
}
