import type { SoundTrack } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { placeNewClip, timeLabel } from './placement';

const clip = (id: string, sourceId: string, start: number) => ({ id, sourceId, start, trimStart: 0, trimEnd: 0, fadeIn: 0, fadeOut: 0, gain: 1 });
const track = (id: string, clips: ReturnType<typeof clip>[]): SoundTrack => ({ id, name: id, volume: 1, muted: false, solo: false, clips });
const durations = new Map([
  ['music', 30],
  ['speech', 4],
]);

describe('placeNewClip never stacks a new clip on another', () => {
  it('the selected track holds a clip at 0:00 and the playhead is at 0: the new clip goes after it', () => {
    const tracks = [track('t1', [clip('c1', 'music', 0)])];
    expect(placeNewClip(tracks, durations, 't1', 4, 0)).toEqual({ trackId: 't1', start: 30, why: 'after', afterClipId: 'c1' });
  });

  it('the playhead sits in a free stretch of the selected track: the clip goes there', () => {
    const tracks = [track('t1', [clip('c1', 'speech', 0), clip('c2', 'speech', 20)])];
    expect(placeNewClip(tracks, durations, 't1', 4, 8)).toEqual({ trackId: 't1', start: 8, why: 'playhead' });
    // 4 s from 18 would run into the clip at 20: after the last clip instead
    expect(placeNewClip(tracks, durations, 't1', 4, 18)).toMatchObject({ start: 24, why: 'after', afterClipId: 'c2' });
  });

  it('no track selected: a new track at the playhead', () => {
    expect(placeNewClip([track('t1', [clip('c1', 'music', 0)])], durations, null, 4, 2.5)).toEqual({ trackId: null, start: 2.5, why: 'new-track' });
  });

  it('past the end of the timeline: a new track', () => {
    const tracks = [track('t1', [clip('c1', 'music', 3590)])];
    expect(placeNewClip(tracks, durations, 't1', 30, 3595)).toMatchObject({ trackId: null, start: 3595, why: 'new-track' });
  });

  it('labels times as m:ss.s', () => {
    expect(timeLabel(30)).toBe('0:30.0');
    expect(timeLabel(64.25)).toBe('1:04.3');
  });
});
