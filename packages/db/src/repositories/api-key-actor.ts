import { AsyncLocalStorage } from 'node:async_hooks';

/** The API key a request acts with: the api's scope middleware runs the procedure inside it. */
export interface ApiKeyActor {
  id: string;
  name: string;
  prefix: string;
}

const storage = new AsyncLocalStorage<ApiKeyActor>();

/** Runs `fn` as the given key: every credit spend and generation it writes names the key. */
export const runAsApiKey = <T>(actor: ApiKeyActor, fn: () => T): T => storage.run(actor, fn);

/** The key the current request acts with, or undefined (the UI, a worker, a test). */
export const currentApiKey = (): ApiKeyActor | undefined => storage.getStore();

/** The ledger note's suffix naming the key. */
export const apiKeyNote = (actor: ApiKeyActor): string => ` · API key "${actor.name}" (${actor.prefix}…)`;
