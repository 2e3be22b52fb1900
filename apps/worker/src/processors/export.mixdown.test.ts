import type { MixSegment } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { mixdownFilter } from './export.mixdown';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const seg = (sourceId: string, patch: Partial<MixSegment> = {}): MixSegment => ({
  clipId: `c-${Math.random()}`,
  trackId: 't',
  sourceId,
  start: 0,
  offset: 0,
  length: 3,
  fadeIn: 0,
  fadeOut: 0,
  gain: 1,
  ...patch,
});

describe('mixdownFilter', () => {
  it('trims, gains, fades and delays each clip, then sums them with amix normalize=0 to the mix length', () => {
    const graph = mixdownFilter([seg(A), seg(B, { start: 2, offset: 0.5, length: 2.5, fadeIn: 0.2, fadeOut: 1, gain: 0.5 })], [A, B], new Set([B]));
    expect(graph).toBe(
      [
        '[0:a:0]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=start=0:duration=3,asetpts=PTS-STARTPTS,volume=1[m0]',
        '[1:a:0]aresample=44100,pan=stereo|c0=c0|c1=c0,aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=start=0.5:duration=2.5,asetpts=PTS-STARTPTS,volume=0.5,afade=t=in:st=0:d=0.2,afade=t=out:st=1.5:d=1,adelay=delays=2000:all=1[m1]',
        '[m0][m1]amix=inputs=2:duration=longest:dropout_transition=0:normalize=0,atrim=duration=4.5[out]',
      ].join(';'),
    );
  });

  it('splits a source used by several clips, and passes a single clip straight through', () => {
    const graph = mixdownFilter([seg(A), seg(A, { start: 5 })], [A]);
    expect(graph.startsWith('[0:a:0]asplit=2[s0_0][s0_1];[s0_0]')).toBe(true);
    expect(graph).toContain('[s0_1]aresample');
    expect(mixdownFilter([seg(A, { start: 1 })], [A])).toMatch(/\[m0\]anull,atrim=duration=4\[out\]$/);
  });
});
