import { describe, expect, it } from 'vitest';
import { appRouter } from '../../router';
import { KEY_SCOPES, missingScopes, scopeFor } from './scopes';

type Procs = Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }>;
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Procs } })._def.procedures);

describe('API key scopes', () => {
  it('every procedure of the app router declares the scope a key needs', () => {
    const undeclared = procedures.filter(([path, p]) => scopeFor(path, p._def.type) === undefined).map(([path]) => path);
    expect(undeclared).toEqual([]);
    expect(procedures.length).toBeGreaterThan(100);
  });

  it('no scope table entry names a procedure that does not exist', () => {
    const paths = new Set(procedures.map(([path]) => path));
    const stale = Object.entries(KEY_SCOPES)
      .flatMap(([r, e]) => Object.keys(e.only ?? {}).map((name) => `${r}.${name}`))
      .filter((p) => !paths.has(p));
    expect(stale).toEqual([]);
  });

  it('admin, auth, key management, password and e-mail changes are never reachable with a key', () => {
    const never = procedures.filter(([path, p]) => scopeFor(path, p._def.type) === 'never').map(([path]) => path);
    for (const path of [
      'admin.users',
      'admin.adjustCredits',
      'admin.outbox.retry',
      'auth.login',
      'auth.me',
      'apiKeys.create',
      'apiKeys.revoke',
      'apiKeys.list',
      'profile.changePassword',
      'profile.requestEmailChange',
      'profile.confirmEmailChange',
      'profile.deleteAccount',
      'payments.checkout',
    ]) {
      expect(never, path).toContain(path);
    }
    expect(procedures.filter(([path]) => path.startsWith('admin.') && !never.includes(path))).toEqual([]);
    expect(scopeFor('webhooks.create', 'mutation')).toBe('never');
  });

  it('maps the documented scopes', () => {
    expect(scopeFor('generation.generate', 'mutation')).toBe('generate');
    expect(scopeFor('generation.byId', 'query')).toEqual({ anyOf: ['read', 'generate'] });
    expect(missingScopes({ anyOf: ['read', 'generate'] }, ['generate'])).toEqual([]);
    expect(missingScopes({ anyOf: ['read', 'generate'] }, ['projects'])).toEqual(['read', 'generate']);
    expect(scopeFor('generation.history', 'query')).toBe('read');
    expect(scopeFor('projects.create', 'mutation')).toBe('projects');
    expect(scopeFor('brandKit.update', 'mutation')).toBe('workspace');
    expect(scopeFor('projects.generateClip', 'mutation')).toEqual(['projects', 'generate']);
    expect(missingScopes('generate', ['generate'])).toEqual([]);
    expect(missingScopes(['projects', 'generate'], ['generate'])).toEqual(['projects']);
    expect(missingScopes('never', ['read', 'generate', 'projects', 'workspace'])).toBeNull();
  });
});
