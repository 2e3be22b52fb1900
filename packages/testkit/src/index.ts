/**
 * @atelier/testkit: what tests need to run the worker role — in the test's process
 * (`startTestWorkers`) or as child processes (`spawnWorker`) — without the api depending on the
 * worker. A dev dependency of apps/api.
 */
export { REDACTED_TOKEN, reconcileGenerations, reconcileOutbox } from '@atelier/worker';
export { spawnWorker, type WorkerChild } from './worker-process';
export { type RunningWorkers, startTestWorkers } from './workers';
