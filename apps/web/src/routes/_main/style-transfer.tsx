import { createFileRoute } from '@tanstack/react-router';
import { StyleTransferScreen } from '../../features/studios/StyleTransferScreen';

export const Route = createFileRoute('/_main/style-transfer')({
  component: StyleTransferScreen,
});
