import { describe, expect, it } from 'vitest';
import { currentApiKey, runAsApiKey } from './api-key-actor';

const key = (id: string) => ({ id, name: `key ${id}`, prefix: `atl_${id}` });

describe('runAsApiKey', () => {
  it('names the key inside the call, across awaits, and nothing outside it', async () => {
    expect(currentApiKey()).toBeUndefined();
    const seen = await runAsApiKey(key('a'), async () => {
      await new Promise((r) => setTimeout(r, 1));
      return currentApiKey()?.id;
    });
    expect(seen).toBe('a');
    expect(currentApiKey()).toBeUndefined();
  });

  it('keeps each overlapping call its own key when another one ends first (the storage is only switched off by the last)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = runAsApiKey(key('slow'), async () => {
      await gate;
      return currentApiKey()?.id;
    });
    const quick = await runAsApiKey(key('quick'), async () => currentApiKey()?.id);
    expect(quick).toBe('quick');
    release();
    expect(await slow).toBe('slow');
    expect(currentApiKey()).toBeUndefined();
  });

  it('ends the call when it throws', async () => {
    await expect(
      runAsApiKey(key('x'), async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await runAsApiKey(key('y'), async () => currentApiKey()?.id)).toBe('y');
  });
});
