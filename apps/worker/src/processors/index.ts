import type { ProcessorDefinition } from '../registry';
import { systemProcessor } from './system.processor';

/** Every processor, one per queue. Later issues add theirs here. */
export const processors: ProcessorDefinition<any>[] = [systemProcessor];
