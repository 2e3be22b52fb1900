import type { ProcessorDefinition } from '../registry';
import { emailProcessor } from './email.processor';
import { exportProcessor } from './export.processor';
import { audioProcessor, imageProcessor, textProcessor, videoProcessor } from './generation.processor';
import { maintenanceProcessor } from './maintenance.processor';
import { seoProcessor } from './seo.processor';
import { systemProcessor } from './system.processor';
import { webhooksProcessor } from './webhooks.processor';

/** Every processor, one per queue. */
export const processors: ProcessorDefinition<any>[] = [
  systemProcessor,
  imageProcessor,
  videoProcessor,
  audioProcessor,
  textProcessor,
  exportProcessor,
  seoProcessor,
  emailProcessor,
  webhooksProcessor,
  maintenanceProcessor,
];
