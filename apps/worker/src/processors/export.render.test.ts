import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildZip, crc32, exportFrameRate } from './export.render';

describe('exportFrameRate', () => {
  it('keeps the clips’ own rate when they all share one between 12 and 60 fps, else 30', () => {
    expect(exportFrameRate(['24/1', '24/1', '24/1'])).toBe('24/1');
    expect(exportFrameRate(['30000/1001', '30000/1001'])).toBe('30000/1001');
    expect(exportFrameRate(['60/1'])).toBe('60/1');
    expect(exportFrameRate(['24/1', '25/1'])).toBe('30/1');
    expect(exportFrameRate(['24/1', null])).toBe('30/1');
    expect(exportFrameRate(['120/1', '120/1'])).toBe('30/1');
    expect(exportFrameRate(['10/1'])).toBe('30/1');
    expect(exportFrameRate([])).toBe('30/1');
  });
});

describe('crc32', () => {
  it('matches the standard check value and known vectors', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    expect(crc32(Buffer.from('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
  });
});

describe('buildZip', () => {
  it('writes a STORE archive that unzip reads back byte for byte, with UTF-8 names', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atelier-zip-'));
    try {
      const entries = [
        { name: '01-hero.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
        { name: 'texte/02-café.md', data: Buffer.from('# Café\n\nBonjour\n', 'utf8') },
        { name: 'empty.txt', data: Buffer.alloc(0) },
        { name: 'big.bin', data: Buffer.alloc(300_000, 7) },
      ];
      const file = path.join(dir, 'a.zip');
      writeFileSync(file, buildZip(entries));
      const test = spawnSync('unzip', ['-tq', file], { encoding: 'utf8' });
      expect(test.status, test.stdout + test.stderr).toBe(0);
      const out = path.join(dir, 'out');
      expect(spawnSync('unzip', ['-q', file, '-d', out]).status).toBe(0);
      for (const e of entries) expect(readFileSync(path.join(out, e.name)).equals(e.data)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses unsafe or duplicate names', () => {
    expect(() => buildZip([{ name: '../evil', data: Buffer.from('x') }])).toThrow(/Invalid/);
    expect(() => buildZip([{ name: '/abs', data: Buffer.from('x') }])).toThrow(/Invalid/);
    expect(() =>
      buildZip([
        { name: 'a', data: Buffer.from('x') },
        { name: 'a', data: Buffer.from('y') },
      ]),
    ).toThrow(/Duplicate/);
  });

  it('an empty archive is valid', () => {
    const zip = buildZip([]);
    expect(zip.length).toBe(22);
    expect(zip.readUInt32LE(0)).toBe(0x06054b50);
  });
});
