#!/usr/bin/env node
// `docker compose [--profile P]… config` without Docker: loads docker-compose.yml the way Compose
// does (YAML merge keys, `${VAR}` interpolation with :-, -, :?, ?, :+, + and `$$`, the project's
// .env for variables, profiles), validates it against the Compose Specification JSON schema (the
// copy dclint ships) and checks what the schema cannot: dependencies on services that do not exist
// or are switched off by the chosen profiles, health conditions on services without a healthcheck,
// undeclared named volumes/networks/configs/secrets, missing required env files and build contexts.
// Prints the resolved configuration as YAML, or the problems (exit 1).
//
//   node scripts/compose-config.mjs [--profile observability] [--file docker-compose.yml] [--quiet]
//   npm run compose:config -- --profile observability
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parse, stringify } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The Compose Specification schema (draft-07), as shipped in the dclint package. */
export function composeSchema() {
  const file = path.join(path.dirname(require.resolve('dclint/package.json')), 'schemas', 'compose.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  delete schema.$schema;
  return schema;
}

let validator;
function validate(doc) {
  validator ??= new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(composeSchema());
  if (validator(doc)) return [];
  return (validator.errors ?? []).map(
    (e) => `schema: ${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`,
  );
}

/** Variables of a .env file (KEY=VALUE, `#` comments, optional quotes), as Compose reads it. */
export function readDotEnv(file) {
  const out = {};
  if (!existsSync(file)) return out;
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(raw);
    if (!m || raw.trim().startsWith('#')) continue;
    let value = m[2].trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    out[m[1]] = value;
  }
  return out;
}

/** Compose's variable interpolation of one string; problems (`${X:?msg}` unset) go to `errors`. */
export function interpolate(input, env, errors, where = '') {
  let out = '';
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (c !== '$') {
      out += c;
      i++;
      continue;
    }
    const next = input[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
      continue;
    }
    if (next === '{') {
      // find the matching brace, allowing nested ${…} in the default
      let depth = 1;
      let j = i + 2;
      while (j < input.length && depth > 0) {
        if (input[j] === '$' && input[j + 1] === '{') {
          depth++;
          j += 2;
          continue;
        }
        if (input[j] === '}') depth--;
        j++;
      }
      if (depth > 0) {
        errors.push(`${where}: unclosed \${ in "${input}"`);
        return out + input.slice(i);
      }
      const body = input.slice(i + 2, j - 1);
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([\s\S]*))?$/.exec(body);
      if (!m) {
        errors.push(`${where}: invalid interpolation "\${${body}}"`);
        i = j;
        continue;
      }
      const [, name, op, word = ''] = m;
      const value = env[name];
      const unset = value === undefined;
      const empty = unset || value === '';
      const resolvedWord = () => interpolate(word, env, errors, where);
      if (!op) out += value ?? '';
      else if (op === ':-') out += empty ? resolvedWord() : value;
      else if (op === '-') out += unset ? resolvedWord() : value;
      else if (op === ':?' || op === '?') {
        if (op === ':?' ? empty : unset) errors.push(`${where}: required variable ${name} is missing a value${word ? `: ${resolvedWord()}` : ''}`);
        else out += value;
      } else if (op === ':+') out += empty ? '' : resolvedWord();
      else if (op === '+') out += unset ? '' : resolvedWord();
      i = j;
      continue;
    }
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(input.slice(i + 1));
    if (m) {
      out += env[m[0]] ?? '';
      i += 1 + m[0].length;
      continue;
    }
    out += '$';
    i++;
  }
  return out;
}

function interpolateTree(node, env, errors, where) {
  if (typeof node === 'string') return interpolate(node, env, errors, where);
  if (Array.isArray(node)) return node.map((v, i) => interpolateTree(v, env, errors, `${where}[${i}]`));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, env, errors, where ? `${where}.${k}` : k)]));
  }
  return node;
}

const dependsOnOf = (svc) => {
  const d = svc.depends_on;
  if (!d) return [];
  if (Array.isArray(d)) return d.map((name) => ({ name, condition: 'service_started', required: true }));
  return Object.entries(d).map(([name, v]) => ({ name, condition: v?.condition ?? 'service_started', required: v?.required !== false }));
};

/**
 * Resolves a compose file for the given profiles. Returns { config, errors }: config is what
 * `docker compose config` would print (active services only), errors what it would refuse.
 */
export function composeConfig({ file = path.join(ROOT, 'docker-compose.yml'), profiles = [], env } = {}) {
  const dir = path.dirname(file);
  const errors = [];
  let raw;
  try {
    raw = parse(readFileSync(file, 'utf8'), { merge: true, uniqueKeys: true });
  } catch (e) {
    return { config: null, errors: [`yaml: ${e.message}`], warnings: [] };
  }
  if (!raw || typeof raw !== 'object') return { config: null, errors: ['the file holds no mapping'], warnings: [] };
  const variables = env ?? { ...readDotEnv(path.join(dir, '.env')), ...process.env };
  const doc = interpolateTree(raw, variables, errors, '');
  errors.push(...validate(doc));

  const all = doc.services ?? {};
  const active = Object.fromEntries(
    Object.entries(all).filter(([, svc]) => !svc?.profiles?.length || svc.profiles.some((p) => profiles.includes(p))),
  );
  // Like Compose, a profile no service names is not an error: it just switches nothing on.
  const known = new Set(Object.values(all).flatMap((s) => s?.profiles ?? []));
  const warnings = profiles.filter((p) => !known.has(p)).map((p) => `profile "${p}" is not used by any service`);

  const declared = (kind) => new Set(Object.keys(doc[kind] ?? {}));
  const volumes = declared('volumes');
  const networks = declared('networks');
  const configs = declared('configs');
  const secrets = declared('secrets');
  for (const [name, svc] of Object.entries(active)) {
    for (const dep of dependsOnOf(svc)) {
      if (!all[dep.name]) errors.push(`service "${name}" depends on undefined service "${dep.name}"`);
      else if (!active[dep.name] && dep.required) errors.push(`service "${name}" depends on service "${dep.name}", which its profiles switch off`);
      else if (dep.condition === 'service_healthy' && !all[dep.name].healthcheck)
        errors.push(`service "${name}" waits for "${dep.name}" to be healthy, but "${dep.name}" has no healthcheck`);
      else if (dep.condition === 'service_healthy' && all[dep.name].healthcheck?.disable) errors.push(`"${dep.name}" has its healthcheck disabled`);
    }
    for (const v of svc.volumes ?? []) {
      const source = typeof v === 'string' ? v.split(':')[0] : v?.type === 'volume' ? v.source : null;
      if (source && !/^[./~]/.test(source) && !source.startsWith('$') && !volumes.has(source)) {
        errors.push(`service "${name}" uses volume "${source}", which is not declared under volumes:`);
      }
    }
    const nets = Array.isArray(svc.networks) ? svc.networks : Object.keys(svc.networks ?? {});
    for (const n of nets) if (n !== 'default' && !networks.has(n)) errors.push(`service "${name}" uses undeclared network "${n}"`);
    for (const c of svc.configs ?? [])
      if (!configs.has(typeof c === 'string' ? c : c.source)) errors.push(`service "${name}" uses undeclared config "${c.source ?? c}"`);
    for (const s of svc.secrets ?? [])
      if (!secrets.has(typeof s === 'string' ? s : s.source)) errors.push(`service "${name}" uses undeclared secret "${s.source ?? s}"`);
    const envFiles = svc.env_file === undefined ? [] : Array.isArray(svc.env_file) ? svc.env_file : [svc.env_file];
    for (const f of envFiles) {
      const p = typeof f === 'string' ? f : f.path;
      const required = typeof f === 'string' ? true : f.required !== false;
      if (required && !existsSync(path.resolve(dir, p))) errors.push(`service "${name}": env file ${p} not found`);
    }
    if (svc.build) {
      const context = path.resolve(dir, typeof svc.build === 'string' ? svc.build : (svc.build.context ?? '.'));
      if (!existsSync(context)) errors.push(`service "${name}": build context ${context} not found`);
      const dockerfile = typeof svc.build === 'object' && svc.build.dockerfile ? svc.build.dockerfile : 'Dockerfile';
      if (!existsSync(path.resolve(context, dockerfile))) errors.push(`service "${name}": Dockerfile ${dockerfile} not found`);
    }
    if (!svc.image && !svc.build) errors.push(`service "${name}" has neither an image nor a build`);
  }
  for (const key of Object.keys(doc)) if (key.startsWith('x-')) delete doc[key];
  return { config: { ...doc, services: active }, errors, warnings };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const profiles = [];
  let file;
  let quiet = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--profile') profiles.push(args[++i]);
    else if (args[i] === '--file' || args[i] === '-f') file = path.resolve(args[++i]);
    else if (args[i] === '--quiet' || args[i] === '-q') quiet = true;
    else {
      console.error(`Usage: compose-config.mjs [--profile NAME]… [--file docker-compose.yml] [--quiet]`);
      process.exit(2);
    }
  }
  const { config, errors, warnings } = composeConfig({ ...(file ? { file } : {}), profiles });
  for (const w of warnings) console.error(`warning: ${w}`);
  if (errors.length) {
    console.error(`${file ?? 'docker-compose.yml'} is not valid:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
    process.exit(1);
  }
  if (!quiet) process.stdout.write(stringify(config));
}
