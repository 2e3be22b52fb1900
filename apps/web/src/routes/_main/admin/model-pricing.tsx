import { createFileRoute } from '@tanstack/react-router';
import { ModelPricingScreen } from '../../../features/admin/ModelPricingScreen';

export const Route = createFileRoute('/_main/admin/model-pricing')({
  component: ModelPricingScreen,
});
