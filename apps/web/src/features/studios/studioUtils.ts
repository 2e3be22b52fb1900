/** Reads a File as a base64 data URL (the studios' JSON upload format). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

export const MAX_AUDIO_MB = 10;

export function formatSeconds(s: number | undefined | null): string {
  if (s == null || !Number.isFinite(s)) return '—';
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.round(s % 60)).padStart(2, '0')}`;
}

/** One line of details from the parts that exist, joined by " · " (no leading, trailing or doubled dots). */
export function detailLine(...parts: (string | number | null | undefined | false)[]): string {
  return parts
    .map((p) => (typeof p === 'number' ? String(p) : typeof p === 'string' ? p.trim() : ''))
    .filter(Boolean)
    .join(' · ');
}
