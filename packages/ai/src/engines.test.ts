import { describe, expect, it } from 'vitest';
import * as ai from './index';

const ALLOWED_INPUTS = new Set([
  'prompt',
  'image',
  'negativePrompt',
  'seed',
  'voiceId',
  'speed',
  'pitch',
  'language',
  'stability',
  'similarityBoost',
  'genre',
  'mood',
  'duration',
  'bpm',
  'key',
  'referenceAudio',
]);

describe('LOCAL_ENGINES', () => {
  it('describes the five offline engines with valid requirements and prices', () => {
    const byId = Object.fromEntries(ai.LOCAL_ENGINES.map((e) => [e.modelId, e]));
    expect(Object.keys(byId).sort()).toEqual(['local/image', 'local/music', 'local/speech', 'local/text', 'local/video']);
    expect(byId['local/image']).toMatchObject({ type: 'IMAGE', credits: 1 });
    expect(byId['local/speech']).toMatchObject({ type: 'AUDIO', category: 'voice', credits: 1 });
    expect(byId['local/music']).toMatchObject({ type: 'AUDIO', category: 'music', credits: 2 });
    expect(byId['local/video']).toMatchObject({ type: 'VIDEO', credits: 3 });
    expect(byId['local/text']).toMatchObject({ type: 'TEXT', credits: 1 });
    for (const engine of ai.LOCAL_ENGINES) {
      expect(engine.name).toMatch(/\(offline\)$/);
      expect(engine.description).toMatch(/offline/i);
      expect(engine.provider).toBe('local');
      for (const input of [...engine.requirements.requiredInputs, ...engine.requirements.optionalInputs])
        expect(ALLOWED_INPUTS.has(input)).toBe(true);
      expect(engine.requirements.requiredInputs).toContain('prompt');
    }
    expect(byId['local/image']?.requirements.aspectRatios).toEqual(['16:9', '9:16', '1:1']);
    expect(byId['local/video']?.requirements.resolutions).toEqual(['480p', '720p', '1080p']);
    expect(ai.getLocalEngine('local/music')?.name).toBe('Local Music (offline)');
    expect(ai.isLocalModelId('openai/gpt')).toBe(false);
  });

  it('exports every engine from the package entry point', () => {
    for (const fn of [
      'renderImage',
      'synthesizeSpeech',
      'synthesizeMusic',
      'renderVideo',
      'draftText',
      'streamDraftText',
      'enhancePrompt',
      'probeMedia',
      'measureLoudness',
    ]) {
      expect(typeof (ai as Record<string, unknown>)[fn]).toBe('function');
    }
  });
});
