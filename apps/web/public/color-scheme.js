// Mirrors Mantine's ColorSchemeScript for a client-only app: applies the stored scheme
// (light, dark or auto = follow the device) before the first paint.
(function () {
  try {
    var stored = window.localStorage.getItem('atelier-color-scheme');
    var scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'auto';
    var computed = scheme !== 'auto' ? scheme : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', computed);
  } catch (e) {
    /* storage unavailable: Mantine applies the default on mount */
  }
})();
