/** Signal processing for the offline music engine: wavetable oscillators, note rendering, synthesised drums, reverb. */
import { clamp, type Rng } from './common';
import type { Instrument, Tone } from './music.styles';

export const MUSIC_SAMPLE_RATE = 44100;
export const TABLE_SIZE = 2048;
export const TABLE_MASK = TABLE_SIZE - 1;

export function buildTable(amp: (k: number) => number, maxK: number): Float32Array {
  const t = new Float32Array(TABLE_SIZE);
  for (let i = 0; i < TABLE_SIZE; i++) {
    let v = 0;
    for (let k = 1; k <= maxK; k++) v += amp(k) * Math.sin((2 * Math.PI * k * i) / TABLE_SIZE);
    t[i] = v;
  }
  let peak = 0;
  for (let i = 0; i < TABLE_SIZE; i++) peak = Math.max(peak, Math.abs(t[i] ?? 0));
  for (let i = 0; i < TABLE_SIZE; i++) t[i] = (t[i] ?? 0) / (peak || 1);
  return t;
}

let tables: Record<Tone, Float32Array> | undefined;
export function getTables(): Record<Tone, Float32Array> {
  tables ??= {
    sine: buildTable((k) => (k === 1 ? 1 : 0), 1),
    triangle: buildTable((k) => (k % 2 === 1 ? (((k - 1) / 2) % 2 === 0 ? 1 / (k * k) : -1 / (k * k)) : 0), 15),
    saw: buildTable((k) => 1 / k, 24),
    square: buildTable((k) => (k % 2 === 1 ? 1 / k : 0), 23),
    organ: buildTable((k) => ({ 1: 1, 2: 0.6, 3: 0.45, 4: 0.3, 6: 0.2, 8: 0.12 })[k] ?? 0, 8),
  };
  return tables;
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

export interface Buses {
  L: Float32Array;
  R: Float32Array;
  padL: Float32Array;
  padR: Float32Array;
  send: Float32Array;
  length: number;
}

export interface NoteEvent {
  time: number; // seconds
  duration: number; // gate, seconds
  midi: number;
  velocity: number;
  pan: number;
}

export function renderNote(inst: Instrument, note: NoteEvent, buses: Buses, toPad: boolean): void {
  const T = getTables();
  const SR = MUSIC_SAMPLE_RATE;
  const start = Math.max(0, Math.round(note.time * SR));
  const gateSamples = Math.max(1, Math.round(note.duration * SR));
  const end = Math.min(buses.length, start + gateSamples + Math.round(inst.release * SR));
  if (start >= end) return;
  const baseHz = midiToHz(note.midi);
  const oscCount = inst.tones.length;
  const tabs = inst.tones.map((t) => T[t]);
  const incs = new Float64Array(inst.detune.map((c) => (baseHz * 2 ** (c / 1200)) / SR));
  const phases = new Float64Array(oscCount);
  const sine = T.sine;
  const angle = ((clamp(note.pan, -1, 1) + 1) * Math.PI) / 4;
  const amp = inst.gain * note.velocity;
  const gl = Math.cos(angle) * amp;
  const gr = Math.sin(angle) * amp;
  const sendGain = amp * inst.send;
  const outL = toPad ? buses.padL : buses.L;
  const outR = toPad ? buses.padR : buses.R;
  const send = buses.send;
  const invOsc = 1 / oscCount;
  const drive = inst.drive ?? 0;
  const driveNorm = drive ? 1 / Math.tanh(drive) : 1;
  // per-sample multiplicative decays (cheaper than Math.exp per sample)
  const attackSamples = Math.max(1, Math.round(inst.attack * SR));
  const decaySamples = Math.max(1, Math.round(inst.decay * SR));
  const pluckMul = inst.pluck !== undefined ? Math.exp(-inst.pluck / SR) : 1;
  const pluckFloor = inst.sustain * 0.25;
  const mellowMul = inst.mellow ? Math.exp(-inst.mellow / SR) : 1;
  const filterMul = Math.exp(-(inst.pluck ?? 6) / SR);
  const glideMul = inst.glide ? Math.exp(-1 / ((inst.glideTime ?? 0.05) * SR)) : 1;
  const vib = inst.vibrato;
  const vibDepth = vib ? (vib.cents / 1200) * Math.LN2 : 0; // 2^x ≈ 1 + x·ln2 for these tiny x
  const vibInc = vib ? vib.rate / SR : 0;
  const vibStart = vib ? Math.round(vib.delay * SR) : 0;
  const trem = inst.tremolo;
  const tremInc = trem ? trem.rate / SR : 0;
  const lowpass = inst.lowpass ?? 0;
  const lpScale = (2 * Math.PI) / SR;
  let pluckEnv = 1;
  let bright = 1;
  let filterEnv = 1;
  let glideEnv = 1;
  let vibPhase = 0;
  let tremPhase = 0;
  let lp = 0;
  let env = 0;
  let releaseFrom = -1;
  let releaseStep = 0;
  const lookup = (tab: Float32Array, ph: number): number => {
    const x = ph * TABLE_SIZE;
    const k = x | 0;
    const a = tab[k & TABLE_MASK] ?? 0;
    return a + ((tab[(k + 1) & TABLE_MASK] ?? 0) - a) * (x - k);
  };
  for (let i = start; i < end; i++) {
    const n = i - start;
    if (n < gateSamples) {
      if (n < attackSamples) env = n / attackSamples;
      else if (inst.pluck !== undefined) {
        env = pluckFloor + (1 - pluckFloor) * pluckEnv;
        pluckEnv *= pluckMul;
      } else if (n - attackSamples < decaySamples) env = 1 - (1 - inst.sustain) * ((n - attackSamples) / decaySamples);
      else env = inst.sustain;
    } else {
      if (releaseFrom < 0) {
        releaseFrom = env;
        releaseStep = env / Math.max(1, end - i);
      }
      env = Math.max(0, env - releaseStep);
    }
    let freqMul = 1;
    if (vib && n > vibStart) {
      freqMul += vibDepth * lookup(sine, vibPhase);
      vibPhase += vibInc;
      if (vibPhase >= 1) vibPhase -= 1;
    }
    if (glideMul !== 1) {
      freqMul *= 1 + (2 ** ((inst.glide ?? 0) / 12) - 1) * glideEnv;
      glideEnv *= glideMul;
    }
    let v = 0;
    for (let o = 0; o < oscCount; o++) {
      let ph = (phases[o] ?? 0) + (incs[o] ?? 0) * freqMul;
      if (ph >= 1) ph -= Math.floor(ph);
      phases[o] = ph;
      v += lookup(tabs[o] ?? sine, ph);
    }
    v *= invOsc;
    if (mellowMul !== 1) {
      v = v * bright + lookup(sine, phases[0] ?? 0) * (1 - bright);
      bright *= mellowMul;
    }
    if (drive) v = Math.tanh(v * drive) * driveNorm;
    if (lowpass) {
      let fc = lowpass;
      if (inst.filterEnv) {
        fc += inst.filterEnv * filterEnv;
        filterEnv *= filterMul;
      }
      const coef = Math.min(1, fc * lpScale);
      lp += coef * (v - lp);
      v = lp;
    }
    if (trem) {
      v *= 1 - trem.depth * (0.5 + 0.5 * lookup(sine, tremPhase));
      tremPhase += tremInc;
      if (tremPhase >= 1) tremPhase -= 1;
    }
    v *= env;
    outL[i] = (outL[i] ?? 0) + v * gl;
    outR[i] = (outR[i] ?? 0) + v * gr;
    send[i] = (send[i] ?? 0) + v * sendGain;
  }
}

export interface DrumSamples {
  kick: Float32Array;
  kick808: Float32Array;
  snare: Float32Array;
  clap: Float32Array;
  hat: Float32Array;
  openHat: Float32Array;
  ride: Float32Array;
  crash: Float32Array;
}

export function makeDrums(rng: Rng): DrumSamples {
  const sr = MUSIC_SAMPLE_RATE;
  const noise = (len: number) => {
    const n = new Float32Array(len);
    for (let i = 0; i < len; i++) n[i] = rng.range(-1, 1);
    return n;
  };
  const highpass = (x: Float32Array, times: number) => {
    let y = x;
    for (let r = 0; r < times; r++) {
      const out = new Float32Array(y.length);
      let prev = 0;
      for (let i = 0; i < y.length; i++) {
        const cur = y[i] ?? 0;
        out[i] = (cur - prev) * 0.5;
        prev = cur;
      }
      y = out;
    }
    return y;
  };
  const kickOf = (len: number, decay: number, f0: number, f1: number) => {
    const k = new Float32Array(Math.round(len * sr));
    let phase = 0;
    const click = noise(k.length);
    for (let i = 0; i < k.length; i++) {
      const t = i / sr;
      const f = f1 + f0 * Math.exp(-t * 35);
      phase += f / sr;
      k[i] = Math.sin(2 * Math.PI * phase) * Math.exp(-t * decay) + (click[i] ?? 0) * Math.exp(-t * 400) * 0.25;
    }
    return k;
  };
  const snareLen = Math.round(0.3 * sr);
  const snareNoise = highpass(noise(snareLen), 1);
  const snare = new Float32Array(snareLen);
  for (let i = 0; i < snareLen; i++) {
    const t = i / sr;
    snare[i] =
      Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t * 30) * 0.45 +
      Math.sin(2 * Math.PI * 330 * t) * Math.exp(-t * 45) * 0.15 +
      (snareNoise[i] ?? 0) * Math.exp(-t * 18) * 1.3;
  }
  const clapLen = Math.round(0.35 * sr);
  const clapNoise = highpass(noise(clapLen), 2);
  const clap = new Float32Array(clapLen);
  for (let i = 0; i < clapLen; i++) {
    const t = i / sr;
    let env = Math.exp(-Math.max(0, t - 0.02) * 14) * 0.7;
    for (const burst of [0, 0.011, 0.022]) if (t >= burst && t < burst + 0.01) env = Math.max(env, Math.exp(-(t - burst) * 200));
    clap[i] = (clapNoise[i] ?? 0) * env * 1.6;
  }
  const hatOf = (len: number, decay: number, gain: number) => {
    const n = highpass(noise(Math.round(len * sr)), 3);
    for (let i = 0; i < n.length; i++) n[i] = (n[i] ?? 0) * Math.exp((-i / sr) * decay) * gain;
    return n;
  };
  const rideLen = Math.round(1 * sr);
  const rideNoise = highpass(noise(rideLen), 3);
  const ride = new Float32Array(rideLen);
  const partials = [3150, 3870, 4530, 5200, 6010, 7300];
  for (let i = 0; i < rideLen; i++) {
    const t = i / sr;
    let m = 0;
    for (const p of partials) m += Math.sign(Math.sin(2 * Math.PI * p * t));
    ride[i] = (m / partials.length) * 0.12 * Math.exp(-t * 3.5) + (rideNoise[i] ?? 0) * 0.9 * Math.exp(-t * 5);
  }
  return {
    kick: kickOf(0.45, 9, 110, 48),
    kick808: kickOf(0.7, 5, 120, 45),
    snare,
    clap,
    hat: hatOf(0.09, 60, 2.2),
    openHat: hatOf(0.45, 8, 1.6),
    ride,
    crash: hatOf(1.6, 2.2, 1.4),
  };
}

export function addSample(sample: Float32Array, time: number, gain: number, pan: number, send: number, buses: Buses): void {
  const start = Math.round(time * MUSIC_SAMPLE_RATE);
  const angle = ((clamp(pan, -1, 1) + 1) * Math.PI) / 4;
  const gl = Math.cos(angle) * gain;
  const gr = Math.sin(angle) * gain;
  const end = Math.min(buses.length, start + sample.length);
  for (let i = Math.max(0, start); i < end; i++) {
    const v = sample[i - start] ?? 0;
    buses.L[i] = (buses.L[i] ?? 0) + v * gl;
    buses.R[i] = (buses.R[i] ?? 0) + v * gr;
    buses.send[i] = (buses.send[i] ?? 0) + v * gain * send;
  }
}

/** Freeverb-style reverb (4 combs + 2 allpasses per channel) of a mono send, returned as stereo wet signal. */
export function reverb(input: Float32Array, room: number): [Float32Array, Float32Array] {
  const out: Float32Array[] = [];
  const scale = MUSIC_SAMPLE_RATE / 44100;
  for (const spread of [0, 23]) {
    const wet = new Float32Array(input.length);
    const combs = [1116, 1188, 1277, 1356, 1422, 1491].map((d) => ({
      buf: new Float32Array(Math.round((d + spread) * scale)),
      idx: 0,
      store: 0,
    }));
    const allpasses = [556, 441, 341].map((d) => ({ buf: new Float32Array(Math.round((d + spread) * scale)), idx: 0 }));
    const feedback = 0.7 + 0.26 * room;
    const damp = 0.25;
    for (let i = 0; i < input.length; i++) {
      const x = (input[i] ?? 0) * 0.06;
      let acc = 0;
      for (const c of combs) {
        const y = c.buf[c.idx] ?? 0;
        c.store = y * (1 - damp) + c.store * damp;
        c.buf[c.idx] = x + c.store * feedback;
        c.idx = c.idx + 1 === c.buf.length ? 0 : c.idx + 1;
        acc += y;
      }
      for (const a of allpasses) {
        const b = a.buf[a.idx] ?? 0;
        a.buf[a.idx] = acc + b * 0.5;
        acc = b - acc;
        a.idx = a.idx + 1 === a.buf.length ? 0 : a.idx + 1;
      }
      wet[i] = acc;
    }
    out.push(wet);
  }
  return [out[0] ?? new Float32Array(input.length), out[1] ?? new Float32Array(input.length)];
}
