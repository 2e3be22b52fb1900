// A reproducible install on every supported platform and Node version (issues 20 and 21):
// `npm ci` needs a package-lock.json that lists every platform's optional packages, and no
// installed package may want a newer Node than ours (npm prints EBADENGINE warnings then).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
const packages = lock.packages;

/** Node's resolution over the lockfile's folders: node_modules/<name> from here up to the root. */
function resolves(from, name) {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const i = base.lastIndexOf('/node_modules/');
    base = i >= 0 ? base.slice(0, i) : base.startsWith('node_modules/') ? '' : '';
  }
}

describe('install', () => {
  it('no locked package wants a newer Node than the engines floor (no EBADENGINE on Node 20.19+)', () => {
    const floor = semver.minVersion(root.engines.node)?.version;
    expect(floor).toBe('20.19.0');
    const bad = [];
    for (const [loc, meta] of Object.entries(packages)) {
      const wants = meta.engines?.node;
      if (!loc || !wants) continue;
      for (const version of [floor, process.versions.node]) {
        if (!semver.satisfies(version, wants, { includePrerelease: true })) bad.push(`${loc}@${meta.version} wants node ${wants} (not ${version})`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('package-lock.json resolves every dependency, optional platform packages included (npm ci on any OS)', () => {
    const missing = [];
    for (const [loc, meta] of Object.entries(packages)) {
      if (meta.link) continue;
      for (const [name, kind] of [
        ...Object.keys(meta.dependencies ?? {}).map((n) => [n, 'dependency']),
        ...Object.keys(meta.optionalDependencies ?? {}).map((n) => [n, 'optional dependency']),
      ]) {
        if (!resolves(loc, name)) missing.push(`${loc || '(root)'} → ${name} (${kind})`);
      }
    }
    expect(missing).toEqual([]);
    // The platform builds npm ci would miss first on another machine.
    for (const name of [
      '@biomejs/cli-darwin-arm64',
      '@biomejs/cli-win32-x64',
      '@turbo/darwin-arm64',
      '@esbuild/darwin-arm64',
      '@img/sharp-darwin-arm64',
    ]) {
      expect(packages[`node_modules/${name}`], name).toBeDefined();
    }
  });

  it('the lockfile matches the manifests it was written for', () => {
    const workspaces = Object.entries(packages).filter(([loc]) => /^(apps|packages)\/[^/]+$/.test(loc));
    for (const [loc, meta] of workspaces) {
      const manifest = JSON.parse(readFileSync(path.join(ROOT, loc, 'package.json'), 'utf8'));
      expect({ dependencies: meta.dependencies ?? {}, devDependencies: meta.devDependencies ?? {} }, loc).toEqual({
        dependencies: manifest.dependencies ?? {},
        devDependencies: manifest.devDependencies ?? {},
      });
    }
    expect(packages[''].devDependencies).toEqual(root.devDependencies);
  });
});
