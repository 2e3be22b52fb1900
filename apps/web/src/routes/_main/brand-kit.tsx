import { createFileRoute } from '@tanstack/react-router';
import { BrandKitScreen } from '../../features/brand-kit/BrandKitScreen';

export const Route = createFileRoute('/_main/brand-kit')({
  component: BrandKitScreen,
});
