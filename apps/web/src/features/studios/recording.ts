/** Encodes decoded audio as a 16-bit PCM mono WAV (the server accepts WAV, MP3, OGG and FLAC — not WebM). */
export function encodeWav(buffer: AudioBuffer): Blob {
  const rate = buffer.sampleRate;
  const ch = buffer.numberOfChannels;
  const length = buffer.length;
  const mono = new Float32Array(length);
  for (let c = 0; c < ch; c++) {
    const data = buffer.getChannelData(c);
    for (let i = 0; i < length; i++) mono[i] = (mono[i] ?? 0) + (data[i] ?? 0) / ch;
  }
  const out = new DataView(new ArrayBuffer(44 + length * 2));
  const text = (o: number, s: string) => {
    for (let i = 0; i < s.length; i++) out.setUint8(o + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  out.setUint32(4, 36 + length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  out.setUint32(16, 16, true);
  out.setUint16(20, 1, true);
  out.setUint16(22, 1, true);
  out.setUint32(24, rate, true);
  out.setUint32(28, rate * 2, true);
  out.setUint16(32, 2, true);
  out.setUint16(34, 16, true);
  text(36, 'data');
  out.setUint32(40, length * 2, true);
  for (let i = 0; i < length; i++) {
    const v = Math.max(-1, Math.min(1, mono[i] ?? 0));
    out.setInt16(44 + i * 2, v < 0 ? v * 0x8000 : v * 0x7fff, true);
  }
  return new Blob([out.buffer], { type: 'audio/wav' });
}

/** Converts what MediaRecorder made (WebM/Opus in Chromium) into a WAV file. */
export async function recordingToWav(blob: Blob): Promise<Blob> {
  const ctx = new AudioContext();
  try {
    return encodeWav(await ctx.decodeAudioData(await blob.arrayBuffer()));
  } finally {
    void ctx.close();
  }
}
