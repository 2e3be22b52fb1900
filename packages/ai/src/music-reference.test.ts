import { describe, expect, it } from 'vitest';
import { synthesizeMusic } from './music';
import { analyseReference } from './music-reference';

describe('music reference', () => {
  it('reads tempo and key from a track, and the synthesiser follows them when the options do not say', async () => {
    const ref = await synthesizeMusic({ prompt: 'steady pop groove', genre: 'pop', bpm: 100, key: 'E minor', durationSeconds: 16, seed: 4 });
    const hints = await analyseReference(ref.data);
    expect(hints.bpm).not.toBeNull();
    const bpm = hints.bpm ?? 0;
    // tempo estimates may land on the half or double tempo
    expect([50, 100, 200].some((t) => Math.abs(bpm - t) <= t * 0.05)).toBe(true);
    expect(['E minor', 'G major']).toContain(hints.key);
    expect(hints.envelope.length).toBe(16);
    expect(Math.max(...hints.envelope)).toBe(1);

    const made = await synthesizeMusic({ prompt: 'a new tune', genre: 'electronic', durationSeconds: 6, seed: 9, reference: hints });
    expect(made.metadata).toMatchObject({ bpm: Math.min(220, Math.max(40, bpm)), bpmSource: 'reference', keySource: 'reference' });
    const own = await synthesizeMusic({
      prompt: 'a new tune',
      genre: 'electronic',
      bpm: 128,
      key: 'C major',
      durationSeconds: 6,
      seed: 9,
      reference: hints,
    });
    expect(own.metadata).toMatchObject({ bpm: 128, bpmSource: 'option', key: 'C major', keySource: 'option' });
  }, 60_000);
});
