import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENTS, type AnalyticsEventName } from './events';

/**
 * Every one of the spec's 22 event names (§3) is fired somewhere in the web app: a literal
 * `track('<name>', …)` call in apps/web/src. Events whose screens are not built yet are PENDING, with the
 * issue that fires them; a PENDING event that is in fact fired fails this test, so the list only shrinks.
 */
const PENDING: Partial<Record<AnalyticsEventName, number>> = {};

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ANALYTICS_LIB = path.join(SRC, 'lib', 'analytics');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (full !== ANALYTICS_LIB) out.push(...sourceFiles(full));
    } else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** Event name → files that call track('<name>', …). */
function firedEvents(): Map<string, string[]> {
  const fired = new Map<string, string[]>();
  const call = /\btrack\(\s*(['"`])([A-Za-z0-9_]+)\1/g;
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(call)) {
      const name = match[2] as string;
      fired.set(name, [...(fired.get(name) ?? []), path.relative(SRC, file)]);
    }
  }
  return fired;
}

describe('analytics event coverage (§3)', () => {
  const fired = firedEvents();

  it('the spec has exactly 22 event names, plus the API-key and webhook events of issue 24', () => {
    expect(ANALYTICS_EVENTS).toHaveLength(26);
    expect(new Set(ANALYTICS_EVENTS).size).toBe(26);
  });

  it('every PENDING entry is a spec event with the issue that will fire it', () => {
    for (const [name, issue] of Object.entries(PENDING)) {
      expect(ANALYTICS_EVENTS as readonly string[]).toContain(name);
      expect(Number.isInteger(issue)).toBe(true);
    }
  });

  it.each(ANALYTICS_EVENTS.filter((name) => !(name in PENDING)))('%s is fired by a screen', (name) => {
    expect(fired.get(name), `no track('${name}', …) call in apps/web/src`).toBeDefined();
  });

  it.each(Object.keys(PENDING))('%s is still pending (remove it from PENDING once a screen fires it)', (name) => {
    expect(fired.get(name), `track('${name}') is fired in ${fired.get(name)?.join(', ')}: remove it from PENDING`).toBeUndefined();
  });

  it('no track() call uses a name outside the spec', () => {
    const unknown = [...fired.keys()].filter((name) => !(ANALYTICS_EVENTS as readonly string[]).includes(name));
    expect(unknown).toEqual([]);
  });
});
