import { GENERATION_STATUSES, GENERATION_TYPES, type GenerationStatus, type GenerationType } from '@atelier/shared/constants';

// Apart from generation.ts (icons, tRPC types) because route search parsers, which are in the first load, use them.

export const isGenerationType = (value: unknown): value is GenerationType =>
  typeof value === 'string' && (GENERATION_TYPES as readonly string[]).includes(value);
export const isGenerationStatus = (value: unknown): value is GenerationStatus =>
  typeof value === 'string' && (GENERATION_STATUSES as readonly string[]).includes(value);
