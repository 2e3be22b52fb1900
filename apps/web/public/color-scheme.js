// Mirrors Mantine's ColorSchemeScript for a client-only app: applies the stored scheme
// (light, dark or auto = follow the device) before the first paint.
(() => {
  try {
    const stored = window.localStorage.getItem('atelier-color-scheme');
    const scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'auto';
    const computed = scheme !== 'auto' ? scheme : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', computed);
  } catch {
    // storage unavailable: Mantine applies the default on mount
  }
})();
