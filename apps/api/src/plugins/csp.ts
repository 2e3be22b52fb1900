/**
 * The Content-Security-Policy of every response (media files set their own, stricter one). Built once
 * at start-up from the configured analytics origins (ANALYTICS_CSP_ORIGINS): scripts come from this
 * server and those origins only — no inline script (the built index.html has none; if one is ever
 * needed, give it a hash or a nonce), and no analytics host unless the deployment configures one.
 * Styles keep 'unsafe-inline': Mantine and the charts set style attributes at run time.
 */
export function buildContentSecurityPolicy(analyticsOrigins: readonly string[]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...analyticsOrigins],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...analyticsOrigins],
    'media-src': ["'self'", 'blob:', 'data:'],
    'connect-src': ["'self'", ...analyticsOrigins],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join(';');
}
