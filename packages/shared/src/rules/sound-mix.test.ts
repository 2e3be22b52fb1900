import { describe, expect, it } from 'vitest';
import { audibleTracks, mixLength, normaliseClip, planMix, type SoundClip, type SoundTrack, segmentGainAt, ZSoundTracks } from './sound-mix';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const clip = (id: string, sourceId: string, patch: Partial<SoundClip> = {}): SoundClip => ({
  id,
  sourceId,
  start: 0,
  trimStart: 0,
  trimEnd: 0,
  fadeIn: 0,
  fadeOut: 0,
  gain: 1,
  ...patch,
});
const track = (id: string, clips: SoundClip[], patch: Partial<SoundTrack> = {}): SoundTrack => ({
  id,
  name: 'T',
  volume: 1,
  muted: false,
  solo: false,
  clips,
  ...patch,
});
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('sound mix rules', () => {
  it('solo wins over unmuted tracks; a muted track never plays', () => {
    const t = [track(uuid(1), [], {}), track(uuid(2), [], { solo: true }), track(uuid(3), [], { solo: true, muted: true })];
    expect(audibleTracks(t).map((x) => x.id)).toEqual([uuid(2)]);
    expect(audibleTracks([track(uuid(1), []), track(uuid(2), [], { muted: true })]).map((x) => x.id)).toEqual([uuid(1)]);
  });

  it('keeps clips inside their audio and fades inside the clip', () => {
    const c = normaliseClip(clip(uuid(9), A, { trimStart: 5, trimEnd: 5, fadeIn: 3, fadeOut: 3 }), 4);
    expect(c.trimStart).toBeCloseTo(3.95);
    expect(c.trimEnd).toBe(0);
    expect(c.fadeIn + c.fadeOut).toBeLessThanOrEqual(0.05 + 1e-9);
  });

  it('plans overlapping clips with clip gain × track volume, and measures the mix', () => {
    const tracks = [
      track(uuid(1), [clip(uuid(11), A, { start: 0 })], { volume: 0.5 }),
      track(uuid(2), [clip(uuid(12), B, { start: 2, trimStart: 0.5, gain: 1.5 })]),
    ];
    const plan = planMix(tracks, { [A]: 3, [B]: 3 });
    expect(plan).toEqual([
      expect.objectContaining({ sourceId: A, start: 0, offset: 0, length: 3, gain: 0.5 }),
      expect.objectContaining({ sourceId: B, start: 2, offset: 0.5, length: 2.5, gain: 1.5 }),
    ]);
    expect(mixLength(plan)).toBe(4.5);
    expect(planMix(tracks, { [A]: 3 })).toHaveLength(1); // unknown source: skipped
  });

  it('fades are linear ramps', () => {
    const s = { length: 4, fadeIn: 1, fadeOut: 2, gain: 0.8 };
    expect(segmentGainAt(s, 0)).toBe(0);
    expect(segmentGainAt(s, 0.5)).toBeCloseTo(0.4);
    expect(segmentGainAt(s, 1.5)).toBeCloseTo(0.8);
    expect(segmentGainAt(s, 3)).toBeCloseTo(0.4);
  });

  it('validates the document and names the field', () => {
    const bad = ZSoundTracks.safeParse([track(uuid(1), [clip(uuid(2), A, { start: -1 })])]);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual([0, 'clips', 0, 'start']);
    const dup = ZSoundTracks.safeParse([track(uuid(1), []), track(uuid(1), [])]);
    expect(dup.error?.issues[0]?.message).toBe('track ids must be unique');
  });
});
