import { describe, expect, it } from 'vitest';
import { detailLine } from './studioUtils';

describe('detailLine', () => {
  it('joins only the parts that exist: a music take without genre or mood has no leading dot', () => {
    expect(detailLine('', '30.0 s', '25/11/2026, 14:00:00')).toBe('30.0 s · 25/11/2026, 14:00:00');
    expect(detailLine(undefined, null, false, '30.0 s')).toBe('30.0 s');
    expect(detailLine('Lo-fi · Calm', '30.0 s', 'today')).toBe('Lo-fi · Calm · 30.0 s · today');
    expect(detailLine('  ', 120)).toBe('120');
    expect(detailLine()).toBe('');
  });
});
