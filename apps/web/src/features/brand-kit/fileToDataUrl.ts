/** Max decoded upload size the api accepts for images (8 MB). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_MIME = ['image/png', 'image/jpeg', 'image/webp'];

/** Reads a picked file as a base64 data URL (the api sniffs the real type from the bytes). */
export function fileToDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** A message when the file is not an image the api takes, else null. */
export function imageFileProblem(file: File): string | null {
  if (!IMAGE_MIME.includes(file.type)) return 'Choose a PNG, JPEG or WebP image';
  if (file.size > MAX_IMAGE_BYTES) return 'The image is larger than 8 MB';
  return null;
}
