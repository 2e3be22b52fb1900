import type { GenerationStatus } from '../constants';

/** §4: clip or version READY → COMPLETED; GENERATING → PROCESSING; anything else PENDING. */
export function toGenerationStatus(status: string | null | undefined): Extract<GenerationStatus, 'COMPLETED' | 'PROCESSING' | 'PENDING'> {
  if (status === 'READY') return 'COMPLETED';
  if (status === 'GENERATING') return 'PROCESSING';
  return 'PENDING';
}
