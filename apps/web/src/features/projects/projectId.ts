const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class InvalidProjectIdError extends Error {
  constructor(readonly projectId: string) {
    super(`"${projectId}" is not a valid project id. Project ids look like 3f2b8c1e-5d4a-4e7b-9c0d-1a2b3c4d5e6f.`);
    this.name = 'InvalidProjectIdError';
  }
}

/** Project ids are UUIDs; anything else is a broken link. */
export function assertProjectId(projectId: string): void {
  if (!UUID.test(projectId)) throw new InvalidProjectIdError(projectId);
}
