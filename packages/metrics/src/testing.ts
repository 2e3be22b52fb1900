/**
 * Test helpers: read Prometheus text output, and the series a PromQL expression selects (the
 * dashboard test checks that the Grafana dashboard queries only series that exist).
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments skipped). */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line.trim());
    if (!m) throw new Error(`Not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL))
      labels[l[1] as string] = (l[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    const raw = m[3] as string;
    samples.push({ name: m[1] as string, labels, value: raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels` (undefined when none; throws when several). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

export interface PromQLUse {
  /** Metric names selected (as the time series are named: `x_bucket`, `x_count`, counters' `_total`). */
  metrics: { name: string; labels: string[] }[];
  /** Labels named in `by (…)`, `without (…)`, `on (…)`, `ignoring (…)` and `group_left/right (…)`. */
  grouping: string[];
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);
const GROUPING = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);
const TOKEN =
  /\s+|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`|\[[^\]]*\]|\$\{[^}]*\}|\$[a-zA-Z_][a-zA-Z0-9_]*|(?:\d+(?:ms|[smhdwy]))+(?![a-zA-Z0-9_])|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[a-zA-Z_:][a-zA-Z0-9_:]*|\{[^}]*\}|./g;
const IDENT = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/**
 * What a PromQL expression (with Grafana's `$variables`) reads: each metric selector with the label
 * names its matchers use, and the labels it groups by. Functions and aggregations (a name followed
 * by `(`), keywords, numbers, strings, range brackets and variables are not metrics.
 */
export function promqlUses(expr: string): PromQLUse {
  const tokens = (expr.match(TOKEN) ?? []).filter((t) => !/^\s+$/.test(t));
  const metrics: PromQLUse['metrics'] = [];
  const grouping: string[] = [];
  const labelsOf = (block: string) =>
    [...block.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map(
      (m) => m[1] as string,
    );
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    if (GROUPING.has(token) && next === '(') {
      let j = i + 2;
      for (; j < tokens.length && tokens[j] !== ')'; j++) if (IDENT.test(tokens[j] as string)) grouping.push(tokens[j] as string);
      i = j;
      continue;
    }
    if (token.startsWith('{')) {
      // A selector with no metric name: only `{__name__="…"}` says which series it reads.
      const name = /__name__\s*=\s*"([^"]+)"/.exec(token)?.[1];
      if (!name) throw new Error(`A selector without a metric name: ${token} in ${expr}`);
      metrics.push({ name, labels: labelsOf(token).filter((l) => l !== '__name__') });
      continue;
    }
    // A function or an aggregation: `rate(`, `sum(`, `sum by (…) (`.
    if (!IDENT.test(token) || KEYWORDS.has(token.toLowerCase()) || next === '(' || next === 'by' || next === 'without') continue;
    const block = next?.startsWith('{') ? next : null;
    metrics.push({ name: token, labels: block ? labelsOf(block) : [] });
    if (block) i++;
  }
  return { metrics, grouping };
}
