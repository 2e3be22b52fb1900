const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The client-side check of an e-mail field (the server checks again): 'Email is required', 'Enter a valid email address' or null. */
export function emailProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'Email is required';
  return EMAIL_SHAPE.test(v) ? null : 'Enter a valid email address';
}
