/**
 * Offline music engine: a small deterministic synthesiser written in TypeScript. It picks a chord progression from
 * key + mood, writes a melody (seeded random walk on the scale, strong beats snapped to chord tones), a bass line and
 * genre-specific drums (kick/snare/hats/clap/ride synthesised from sine sweeps and seeded noise), mixes them with a
 * small Freeverb-style reverb, and renders 44.1 kHz 16-bit stereo PCM WAV of exactly the requested length
 * (optionally MP3 through ffmpeg). Roles: music.theory (keys, genres, moods), music.styles (instruments, drums,
 * progressions), music.compose (phrases, chords, voicing), music.dsp (oscillators, notes, drums, reverb).
 */

import {
  checkpoint,
  clamp,
  type EngineResult,
  type EngineRunOptions,
  hashString,
  progressReporter,
  Rng,
  resolveSeed,
  throwIfAborted,
  wavHeader,
  wavToMp3,
} from './common';
import { chordPitchClasses, generatePhrase, voice } from './music.compose';
import { addSample, type Buses, MUSIC_SAMPLE_RATE, makeDrums, renderNote, reverb } from './music.dsp';
import { PROGRESSIONS, STYLES } from './music.styles';
import {
  FAST_MOODS,
  keyFromText,
  MAJOR,
  MAJOR_MOODS,
  MINOR,
  MINOR_MOODS,
  type Mode,
  type MusicGenre,
  NOTE_NAMES,
  normaliseGenre,
  parseKey,
  ROMAN_MAJOR,
  ROMAN_MINOR,
  SLOW_MOODS,
  wordsOf,
} from './music.theory';
import type { ReferenceHints } from './music-reference';

export { MUSIC_SAMPLE_RATE } from './music.dsp';
export { MUSIC_GENRES, type MusicalKey, type MusicGenre, normaliseGenre, parseKey } from './music.theory';
export const MAX_MUSIC_DURATION_SECONDS = 600;
export const DEFAULT_MUSIC_DURATION_SECONDS = 30;

export interface SynthesizeMusicOptions extends EngineRunOptions {
  /** Free text; genre/mood/key/tempo words in it are used when the explicit options are absent (e.g. "sad lofi in F#m at 80 bpm"). */
  prompt?: string;
  /** Length in seconds (default 30, max 600). The output has exactly round(duration × 44100) sample frames. */
  durationSeconds?: number;
  /** Tempo, clamped to 40–220 (default depends on genre). */
  bpm?: number;
  /** 'A minor', 'Am', 'C major', 'C', 'F#m', 'Bb', 'Eb minor'… (default chosen from mood + seed). */
  key?: string;
  /** One of MUSIC_GENRES or an alias ('edm', 'house', 'rap', 'lo-fi', 'orchestral', 'metal', …). Default 'pop'. */
  genre?: string;
  /** Mood words ('happy', 'sad', 'calm', 'energetic', 'dark', …) choose major/minor and nudge tempo. */
  mood?: string;
  seed?: number;
  format?: 'wav' | 'mp3';
  /**
   * Hints read from a reference track (`analyseReference`): its tempo and key are used when neither the options
   * nor the prompt set them, and its loudness contour shapes the dynamics (time-stretched to the new length).
   */
  reference?: ReferenceHints;
}

export async function synthesizeMusic(options: SynthesizeMusicOptions): Promise<EngineResult & { durationSeconds: number }> {
  const { signal } = options;
  const report = progressReporter(options.onProgress);
  throwIfAborted(signal);
  const duration = options.durationSeconds ?? DEFAULT_MUSIC_DURATION_SECONDS;
  if (!Number.isFinite(duration) || duration <= 0 || duration > MAX_MUSIC_DURATION_SECONDS) {
    throw new RangeError(`synthesizeMusic: durationSeconds must be in (0, ${MAX_MUSIC_DURATION_SECONDS}]`);
  }
  const format = options.format ?? 'wav';
  if (format !== 'wav' && format !== 'mp3') throw new RangeError(`synthesizeMusic: unsupported format ${String(format)}`);
  report(0);
  const prompt = options.prompt?.trim() ?? '';
  const seed = resolveSeed(options.seed);
  const moodText = `${options.mood ?? ''} ${prompt}`;
  const moodWords = wordsOf(moodText);
  const genre: MusicGenre =
    normaliseGenre(options.genre) ??
    normaliseGenre(prompt) ??
    normaliseGenre(options.mood) ??
    ([...moodWords].some((w) => SLOW_MOODS.includes(w)) ? 'ambient' : 'pop');
  const style = STYLES[genre];
  const rng = new Rng((seed ^ hashString(`${prompt}|${genre}|${options.key ?? ''}|${options.mood ?? ''}`)) >>> 0);

  const explicitKey = parseKey(options.key);
  const textKey = explicitKey ? undefined : keyFromText(prompt);
  const referenceKey = explicitKey || textKey ? undefined : parseKey(options.reference?.key ?? undefined);
  let key = explicitKey ?? textKey ?? referenceKey;
  if (!key) {
    const minor = MINOR_MOODS.some((w) => moodWords.has(w));
    const major = MAJOR_MOODS.some((w) => moodWords.has(w));
    const mode: Mode =
      minor && !major ? 'minor' : major && !minor ? 'major' : rng.chance(genre === 'lofi' || genre === 'hip-hop' ? 0.65 : 0.4) ? 'minor' : 'major';
    const tonic = rng.pick(mode === 'major' ? [0, 7, 2, 5, 9, 10, 3] : [9, 4, 2, 0, 7, 5, 11]);
    key = { tonic, mode, name: `${NOTE_NAMES[tonic] ?? 'C'} ${mode}` };
  }
  let bpm = options.bpm;
  let bpmSource = bpm === undefined || !Number.isFinite(bpm) ? 'derived' : 'option';
  if (bpm === undefined || !Number.isFinite(bpm)) {
    const m = /(\d{2,3})\s*bpm/i.exec(prompt);
    const fromReference = !m && options.reference?.bpm ? options.reference.bpm : undefined;
    if (m) bpmSource = 'prompt';
    else if (fromReference) bpmSource = 'reference';
    bpm = m ? Number(m[1]) : (fromReference ?? style.bpm);
    if (!m && !fromReference && FAST_MOODS.some((w) => moodWords.has(w))) bpm *= 1.1;
    if (!m && !fromReference && SLOW_MOODS.some((w) => moodWords.has(w)) && genre !== 'ambient') bpm *= 0.9;
    bpm = Math.round(bpm);
  }
  bpm = clamp(bpm, 40, 220);

  const scale = key.mode === 'major' ? MAJOR : MINOR;
  const progression = rng.pick(PROGRESSIONS[key.mode]);
  const roman = key.mode === 'major' ? ROMAN_MAJOR : ROMAN_MINOR;
  const stepDur = 60 / bpm / 4;
  const barDur = stepDur * 16;
  const totalSamples = Math.round(duration * MUSIC_SAMPLE_RATE);
  const renderSamples = totalSamples; // notes and drum hits are clipped at the end; the fade-out hides the cut
  const buses: Buses = {
    L: new Float32Array(renderSamples),
    R: new Float32Array(renderSamples),
    padL: new Float32Array(renderSamples),
    padR: new Float32Array(renderSamples),
    send: new Float32Array(renderSamples),
    length: renderSamples,
  };
  const totalBars = Math.max(1, Math.ceil(duration / barDur));
  const introBars = totalBars >= 24 ? 4 : totalBars >= 8 ? 2 : totalBars >= 4 ? 1 : 0;
  const drums = style.drums ? makeDrums(new Rng(rng.int(0, 2 ** 31))) : null;
  const phraseA = generatePhrase(rng, style.density, rng.pick([0, 2, 4, 7]), false);
  const phraseB = generatePhrase(rng, style.density, rng.pick([4, 5, 7]), true);
  const phraseA2 = [...phraseA.filter((n) => n.step < 48), ...generatePhrase(rng, style.density, 4, true).filter((n) => n.step >= 48)];
  const phrases = [phraseA, phraseA2, phraseB, phraseA2];
  const tonicMidi = 48 + key.tonic; // C3..B3
  const leadBase = tonicMidi + 12 * style.leadOctave; // C4..B4
  const kickTimes: number[] = [];
  const swingOffset = (step: number): number => {
    if (!style.drums || style.drums.swing === 0) return 0;
    if (style.drums.swingOn === 'sixteenths') return step % 2 === 1 ? style.drums.swing * stepDur : 0;
    return step % 4 === 2 ? style.drums.swing * stepDur : 0;
  };
  const human = () => rng.range(-0.004, 0.004);
  const bassRootOf = (pc: number) => 36 + pc - (pc > 7 ? 12 : 0); // E1..G2 range

  for (let bar = 0; bar < totalBars; bar++) {
    const barStart = bar * barDur;
    const chordIndex = Math.floor(bar / style.chordBars) % progression.length;
    const degree = progression[chordIndex] ?? 0;
    const nextDegree = progression[(Math.floor((bar + 1) / style.chordBars) % progression.length) | 0] ?? 0;
    const pcs = chordPitchClasses(key.tonic, scale, degree, style.sevenths);
    const rootPc = pcs[0] ?? key.tonic;
    const isIntro = bar < introBars;
    const musicalBar = bar - introBars;
    const phraseIndex = Math.floor(musicalBar / 4);
    const breakdown = !isIntro && phraseIndex > 0 && phraseIndex % 4 === 3;
    const lastBar = bar === totalBars - 1;
    const chordStartOfBlock = bar % style.chordBars === 0;

    // chords
    const chordPcs = style.powerChords ? [rootPc, (rootPc + 7) % 12] : pcs;
    let voicing = voice(chordPcs, 52);
    if (style.powerChords) voicing = [...voice([rootPc], 40), ...voice([(rootPc + 7) % 12], 45), ...voice([rootPc], 52)];
    if (style.chordRhythm === 'sustain') {
      if (chordStartOfBlock) {
        for (const midi of voicing) {
          renderNote(
            style.chord,
            { time: barStart + human(), duration: barDur * style.chordBars * 0.98, midi, velocity: 0.8, pan: rng.range(-0.35, 0.35) },
            buses,
            true,
          );
        }
      }
    } else if (style.chordRhythm === 'arpeggio') {
      const arp = [0, 2, 1, 2];
      const low = voice(pcs, 48);
      for (let s = 0; s < 16; s += 2) {
        const midi = low[arp[(s / 2) % 4] ?? 0] ?? low[0] ?? 48;
        renderNote(
          style.chord,
          { time: barStart + s * stepDur + human(), duration: stepDur * 2.5, midi, velocity: s % 8 === 0 ? 0.9 : 0.7, pan: -0.2 },
          buses,
          false,
        );
      }
    } else {
      for (const [s, len] of style.chordRhythm) {
        if (isIntro && s > 0 && genre === 'rock') continue;
        const vel = (s % 4 === 0 ? 0.9 : 0.75) * rng.range(0.9, 1);
        const pan = style.powerChords ? -0.45 : rng.range(-0.3, 0.3);
        for (const midi of voicing) {
          renderNote(
            style.chord,
            { time: barStart + s * stepDur + swingOffset(s) + human(), duration: len * stepDur * 0.9, midi, velocity: vel, pan },
            buses,
            style.sidechain,
          );
        }
        if (style.powerChords) {
          for (const midi of voicing) {
            renderNote(
              style.chord,
              { time: barStart + s * stepDur + 0.012, duration: len * stepDur * 0.9, midi: midi + 0.05, velocity: vel, pan: 0.45 },
              buses,
              false,
            );
          }
        }
      }
    }
    if (style.pad && chordStartOfBlock && !isIntro) {
      for (const midi of voice(pcs, 57)) {
        renderNote(style.pad, { time: barStart, duration: barDur * style.chordBars, midi, velocity: 0.8, pan: rng.range(-0.6, 0.6) }, buses, true);
      }
    }

    // bass
    const bassRoot = bassRootOf(rootPc);
    if (style.bassPattern === 'walking') {
      const nextRoot = bassRootOf(chordPitchClasses(key.tonic, scale, nextDegree, false)[0] ?? key.tonic);
      const chordTones = voice(pcs, bassRoot);
      const line = [
        bassRoot,
        rng.pick([chordTones[1] ?? bassRoot + 4, bassRoot + 2]),
        chordTones[2] ?? bassRoot + 7,
        nextRoot + (rng.chance(0.5) ? 1 : -1),
      ];
      line.forEach((midi, beat) => {
        renderNote(
          style.bass,
          { time: barStart + beat * 4 * stepDur + human(), duration: stepDur * 3.6, midi, velocity: beat === 0 ? 1 : 0.85, pan: 0 },
          buses,
          false,
        );
      });
    } else if (!(isIntro && genre === 'rock')) {
      for (const [s, len, interval] of style.bassPattern) {
        if (bar % style.chordBars !== 0 && style.chordBars > 1) continue;
        const midi = bassRoot + interval;
        const dur = style.chordBars > 1 ? barDur * style.chordBars * 0.98 : len * stepDur * 0.92;
        renderNote(
          style.bass,
          { time: barStart + s * stepDur + swingOffset(s), duration: dur, midi, velocity: s === 0 ? 1 : 0.85, pan: 0 },
          buses,
          style.sidechain,
        );
      }
    }

    // melody
    if (!isIntro && !(lastBar && totalBars > 4)) {
      const phrase = phrases[phraseIndex % phrases.length] ?? phraseA;
      const barInPhrase = musicalBar % 4;
      for (const n of phrase) {
        if (Math.floor(n.step / 16) !== barInPhrase) continue;
        const s = n.step % 16;
        let index = n.index;
        if (s === 0 || s === 8) {
          // snap strong beats to the nearest chord tone
          for (let d = 0; d < 4; d++) {
            const up = index + d;
            const down = index - d;
            const pcOf = (i: number) => (key.tonic + (scale[((i % 7) + 7) % 7] ?? 0)) % 12;
            if (up <= 13 && pcs.includes(pcOf(up))) {
              index = up;
              break;
            }
            if (down >= 0 && pcs.includes(pcOf(down))) {
              index = down;
              break;
            }
          }
        }
        const midi = leadBase + 12 * Math.floor(index / 7) + (scale[index % 7] ?? 0);
        const gain = breakdown ? 0.8 : 1;
        renderNote(
          style.lead,
          {
            time: barStart + s * stepDur + swingOffset(s) + human(),
            duration: n.length * stepDur * 0.92,
            midi,
            velocity: n.velocity * gain,
            pan: 0.15,
          },
          buses,
          false,
        );
      }
    }

    // drums
    if (drums && style.drums) {
      const kit = style.drums;
      const sparse = isIntro || breakdown;
      const fill = kit.fills && !isIntro && musicalBar % 8 === 7 && !lastBar;
      const at = (s: number) => barStart + s * stepDur + swingOffset(s);
      if (!sparse) {
        for (const h of kit.kick) {
          addSample(kit.kick808 ? drums.kick808 : drums.kick, at(h.step), 0.9 * h.velocity, 0, 0.02, buses);
          kickTimes.push(at(h.step));
        }
      }
      if (!isIntro) {
        for (const h of kit.snare) if (!(fill && h.step >= 8)) addSample(drums.snare, at(h.step) + human(), 0.55 * h.velocity, 0.05, 0.25, buses);
        for (const h of kit.clap) addSample(drums.clap, at(h.step) + human(), 0.35 * h.velocity, -0.1, 0.3, buses);
      }
      for (const h of kit.hat) addSample(drums.hat, at(h.step) + human(), 0.3 * h.velocity * rng.range(0.8, 1), 0.3, 0.05, buses);
      for (const h of kit.openHat) if (!isIntro) addSample(drums.openHat, at(h.step), 0.22 * h.velocity, 0.3, 0.1, buses);
      for (const h of kit.ride) addSample(drums.ride, at(h.step) + human(), 0.3 * h.velocity, -0.35, 0.15, buses);
      if (fill) {
        for (let s = 8; s < 16; s++) addSample(drums.snare, at(s), 0.3 + 0.04 * (s - 8), rng.range(-0.4, 0.4), 0.25, buses);
      }
      if (kit.fills && !isIntro && (musicalBar === 0 || (musicalBar % 8 === 0 && musicalBar > 0))) {
        addSample(drums.crash, barStart, 0.35, -0.3, 0.2, buses);
      }
    }
    report(5 + (75 * (bar + 1)) / totalBars);
    await checkpoint(signal);
  }

  // pad bus (with optional sidechain ducking from the kicks) into the main bus
  if (style.sidechain && kickTimes.length > 0) {
    kickTimes.sort((a, b) => a - b);
    let k = 0;
    for (let i = 0; i < renderSamples; i++) {
      const t = i / MUSIC_SAMPLE_RATE;
      while (k + 1 < kickTimes.length && (kickTimes[k + 1] ?? Infinity) <= t) k++;
      const since = t - (kickTimes[k] ?? -10);
      const duck = since >= 0 ? 1 - 0.6 * Math.exp(-since * 9) : 1;
      buses.L[i] = (buses.L[i] ?? 0) + (buses.padL[i] ?? 0) * duck;
      buses.R[i] = (buses.R[i] ?? 0) + (buses.padR[i] ?? 0) * duck;
    }
  } else {
    for (let i = 0; i < renderSamples; i++) {
      buses.L[i] = (buses.L[i] ?? 0) + (buses.padL[i] ?? 0);
      buses.R[i] = (buses.R[i] ?? 0) + (buses.padR[i] ?? 0);
    }
  }
  await checkpoint(signal);
  report(82);

  const [wetL, wetR] = reverb(buses.send, style.reverb);
  await checkpoint(signal);
  report(88);

  // master: reverb return, lofi treatment, fades, normalisation, soft clip
  const L = buses.L;
  const R = buses.R;
  const wetGain = 0.6 + style.reverb;
  let lpL = 0;
  let lpR = 0;
  const lofiCoef = (2 * Math.PI * 4200) / MUSIC_SAMPLE_RATE;
  const crackle = new Rng(rng.int(0, 2 ** 31));
  for (let i = 0; i < totalSamples; i++) {
    let l = (L[i] ?? 0) + (wetL[i] ?? 0) * wetGain;
    let r = (R[i] ?? 0) + (wetR[i] ?? 0) * wetGain;
    if (style.lofi) {
      lpL += lofiCoef * (l - lpL);
      lpR += lofiCoef * (r - lpR);
      l = lpL;
      r = lpR;
      if (crackle.next() < 0.0004) {
        const c = crackle.range(-0.15, 0.15);
        l += c;
        r += c * 0.8;
      }
      const hiss = (crackle.next() - 0.5) * 0.004;
      l += hiss;
      r += hiss;
    }
    L[i] = l;
    R[i] = r;
  }
  // the reference's loudness contour, stretched over the whole track, as a gentle dynamics curve (0.45–1)
  const contour = options.reference?.envelope.length ? options.reference.envelope : null;
  if (contour) {
    const smoothLevel = (t: number) => {
      const x = t * (contour.length - 1);
      const i = Math.floor(x);
      const a = contour[i] ?? 0;
      const b = contour[Math.min(contour.length - 1, i + 1)] ?? a;
      return a + (b - a) * (x - i);
    };
    for (let i = 0; i < totalSamples; i++) {
      const g = 0.45 + 0.55 * smoothLevel(i / Math.max(1, totalSamples - 1));
      L[i] = (L[i] ?? 0) * g;
      R[i] = (R[i] ?? 0) * g;
    }
  }
  const fadeIn = Math.min(totalSamples, Math.round((genre === 'ambient' ? 1.5 : 0.01) * MUSIC_SAMPLE_RATE));
  const fadeOut = Math.min(totalSamples, Math.round(Math.min(3, duration * 0.15) * MUSIC_SAMPLE_RATE));
  let peak = 1e-9;
  for (let i = 0; i < totalSamples; i++) {
    let g = 1;
    if (i < fadeIn) g *= i / fadeIn;
    if (i >= totalSamples - fadeOut) g *= (totalSamples - i) / fadeOut;
    const l = (L[i] ?? 0) * g;
    const r = (R[i] ?? 0) * g;
    L[i] = l;
    R[i] = r;
    peak = Math.max(peak, Math.abs(l), Math.abs(r));
  }
  const norm = 1.25 / peak; // drive slightly into the soft clipper, which brings peaks back below 0 dBFS
  const pcm = Buffer.alloc(totalSamples * 4);
  const ceiling = 0.93;
  for (let i = 0; i < totalSamples; i++) {
    const l = Math.tanh((L[i] ?? 0) * norm) * ceiling;
    const r = Math.tanh((R[i] ?? 0) * norm) * ceiling;
    pcm.writeInt16LE(Math.round(l * 32767), i * 4);
    pcm.writeInt16LE(Math.round(r * 32767), i * 4 + 2);
  }
  await checkpoint(signal);
  report(94);
  const wav = Buffer.concat([wavHeader(pcm.length, MUSIC_SAMPLE_RATE, 2, 16), pcm]);
  let data: Buffer = wav;
  if (format === 'mp3') data = await wavToMp3(wav, signal, 192);
  throwIfAborted(signal);
  report(100);
  const actualDuration = totalSamples / MUSIC_SAMPLE_RATE;
  return {
    data,
    mime: format === 'mp3' ? 'audio/mpeg' : 'audio/wav',
    ext: format,
    durationSeconds: actualDuration,
    metadata: {
      engine: 'local',
      model: 'local/music',
      prompt: prompt || null,
      seed,
      genre,
      mood: options.mood ?? null,
      key: key.name,
      keySource: explicitKey ? 'option' : textKey ? 'prompt' : referenceKey ? 'reference' : 'derived',
      mode: key.mode,
      bpm,
      bpmSource,
      reference: options.reference
        ? {
            bpm: options.reference.bpm,
            key: options.reference.key,
            seconds: Math.round(options.reference.durationSeconds * 10) / 10,
            shapedDynamics: Boolean(contour),
          }
        : null,
      progression: progression.map((d) => roman[d] ?? '?'),
      bars: totalBars,
      durationSeconds: actualDuration,
      sampleRate: MUSIC_SAMPLE_RATE,
      channels: 2,
      bitDepth: 16,
      format,
      hasDrums: style.drums !== null,
    },
  };
}
