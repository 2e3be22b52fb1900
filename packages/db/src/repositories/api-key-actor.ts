import { AsyncLocalStorage } from 'node:async_hooks';

/** The API key a request acts with: the api's scope middleware runs the procedure inside it. */
export interface ApiKeyActor {
  id: string;
  name: string;
  prefix: string;
}

const storage = new AsyncLocalStorage<ApiKeyActor>();

/** API-key calls running now: the storage is switched off when the last one ends. */
let running = 0;

/**
 * Runs `fn` as the given key: every credit spend and generation it writes names the key.
 * On Node 20 an AsyncLocalStorage in use keeps Node's promise hooks on (a cost on every promise
 * the process makes), so the storage is disabled again once no API-key call is running — a
 * process that served one script call does not pay for it on every later request.
 */
export async function runAsApiKey<T>(actor: ApiKeyActor, fn: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await storage.run(actor, fn);
  } finally {
    running -= 1;
    if (running === 0) storage.disable();
  }
}

/** The key the current request acts with, or undefined (the UI, a worker, a test). */
export const currentApiKey = (): ApiKeyActor | undefined => storage.getStore();

/** The ledger note's suffix naming the key. */
export const apiKeyNote = (actor: ApiKeyActor): string => ` · API key "${actor.name}" (${actor.prefix}…)`;
