import { createFileRoute } from '@tanstack/react-router';
import { VoiceStudioScreen } from '../../features/studios/VoiceStudioScreen';

export const Route = createFileRoute('/_main/voice-studio')({
  component: VoiceStudioScreen,
});
