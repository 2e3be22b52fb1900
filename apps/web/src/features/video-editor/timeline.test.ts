import { describe, expect, it } from 'vitest';
import {
  buildPayload,
  buildSequence,
  HISTORY_LIMIT,
  type HistoryAction,
  historyReducer,
  initHistory,
  locate,
  moveItem,
  normalizeItem,
  type ServerClip,
  type TimelineItem,
} from './timeline';

const item = (key: string, patch: Partial<TimelineItem> = {}): TimelineItem => ({
  key,
  prompt: key,
  duration: 5,
  startTrim: 0,
  endTrim: 0,
  ...patch,
});
const clip = (id: string, patch: Partial<ServerClip> = {}): ServerClip =>
  ({
    id,
    projectId: 'p',
    position: 0,
    prompt: id,
    imageUrl: null,
    videoUrl: null,
    thumbnailUrl: null,
    duration: 5,
    startTrim: 0,
    endTrim: 0,
    playedDuration: 5,
    status: 'DRAFT',
    progress: 0,
    error: null,
    provider: null,
    model: null,
    generationId: null,
    createdAt: '',
    updatedAt: '',
    ...patch,
  }) as ServerClip;

describe('normalizeItem', () => {
  it('keeps at least 0.1 s to play and clamps trims into the clip', () => {
    expect(normalizeItem(item('a', { startTrim: 9 }))).toMatchObject({ startTrim: 4.9, endTrim: 0 });
    expect(normalizeItem(item('a', { startTrim: 2, endTrim: 9 }))).toMatchObject({ startTrim: 2, endTrim: 2.9 });
    expect(normalizeItem(item('a', { startTrim: -1, endTrim: -1 }))).toMatchObject({ startTrim: 0, endTrim: 0 });
    expect(normalizeItem(item('a', { duration: 0.2 }))).toMatchObject({ duration: 1 });
  });
});

describe('moveItem', () => {
  const items = ['a', 'b', 'c'].map((k) => item(k));
  it('moves a clip to the given index', () => {
    expect(moveItem(items, 'a', 2).map((i) => i.key)).toEqual(['b', 'c', 'a']);
    expect(moveItem(items, 'c', 0).map((i) => i.key)).toEqual(['c', 'a', 'b']);
    expect(moveItem(items, 'b', 1)).toBe(items);
    expect(moveItem(items, 'zz', 0)).toBe(items);
  });
});

describe('buildPayload', () => {
  it('sends ids the server has, and brings a deleted clip back with its image and video generation', () => {
    const server = {
      a: clip('A'),
      b: clip('B', { imageUrl: '/media/uploads/u/b.png?sig=1', generationId: 'G' }),
    };
    const payload = buildPayload([item('b'), item('a'), item('new')], server, new Set(['A']));
    expect(payload).toEqual([
      { prompt: 'b', duration: 5, startTrim: 0, endTrim: 0, imageUrl: '/media/uploads/u/b.png?sig=1', generationId: 'G' },
      { id: 'A', prompt: 'a', duration: 5, startTrim: 0, endTrim: 0 },
      { prompt: 'new', duration: 5, startTrim: 0, endTrim: 0 },
    ]);
  });
});

describe('sequence', () => {
  it('plays clips with a video in order, honouring trims', () => {
    const server = { a: clip('A', { videoUrl: '/a.mp4' }), b: clip('B'), c: clip('C', { videoUrl: '/c.mp4' }) };
    const seq = buildSequence([item('a', { startTrim: 1, endTrim: 1 }), item('b'), item('c', { startTrim: 0.5 })], server);
    expect(seq.map((e) => [e.key, e.number, e.start, e.end, e.played, e.offset])).toEqual([
      ['a', 1, 1, 4, 3, 0],
      ['c', 3, 0.5, 5, 4.5, 3],
    ]);
    expect(locate(seq, 0)).toEqual({ index: 0, local: 0 });
    expect(locate(seq, 3.2).index).toBe(1);
    expect(locate(seq, 3.2).local).toBeCloseTo(0.2);
    expect(locate(seq, 99)).toEqual({ index: 1, local: 4.5 });
    expect(locate([], 1)).toEqual({ index: -1, local: 0 });
  });
});

describe('history', () => {
  const set = (update: (items: TimelineItem[]) => TimelineItem[], tag?: string, now = 0): HistoryAction => ({ type: 'set', update, tag, now });
  it('undoes and redoes steps, and a new change clears redo', () => {
    let h = initHistory([item('a')]);
    h = historyReducer(
      h,
      set((items) => [...items, item('b')]),
    );
    h = historyReducer(
      h,
      set((items) => moveItem(items, 'b', 0)),
    );
    expect(h.present.map((i) => i.key)).toEqual(['b', 'a']);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.map((i) => i.key)).toEqual(['a', 'b']);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.map((i) => i.key)).toEqual(['a']);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.map((i) => i.key)).toEqual(['a']);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present.map((i) => i.key)).toEqual(['a', 'b']);
    h = historyReducer(
      h,
      set((items) => items.slice(1)),
    );
    expect(h.future).toEqual([]);
  });
  it('merges quick changes with the same tag into one step (a drag, typing)', () => {
    let h = initHistory([item('a')]);
    for (let t = 0; t < 5; t++)
      h = historyReducer(
        h,
        set((items) => items.map((i) => ({ ...i, startTrim: t / 10 + 0.1 })), 'trim:a', t * 100),
      );
    expect(h.past).toHaveLength(1);
    h = historyReducer(
      h,
      set((items) => items.map((i) => ({ ...i, startTrim: 1 })), 'trim:a', 5000),
    );
    expect(h.past).toHaveLength(2);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present[0]?.startTrim).toBe(0.5);
  });
  it('ignores no-op changes, caps its length and patches every snapshot', () => {
    let h = initHistory([item('a')]);
    expect(
      historyReducer(
        h,
        set((items) => items.map((i) => ({ ...i }))),
      ),
    ).toBe(h);
    for (let n = 0; n < HISTORY_LIMIT + 20; n++)
      h = historyReducer(
        h,
        set((items) => items.map((i) => ({ ...i, prompt: String(n) }))),
      );
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    h = historyReducer(h, { type: 'patchAll', map: (i) => (i.duration === 7 ? i : { ...i, duration: 7 }) });
    expect([...h.past, h.present].every((s) => s[0]?.duration === 7)).toBe(true);
  });
});
