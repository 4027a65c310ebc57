// Response shapes as JSON Schema (fixtures/schemas), checked with ajv.

import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/paths.js';

export const SCHEMA_DIR = join(PACKAGE_ROOT, 'fixtures/schemas/');

export type SchemaName =
  | 'envelope' | 'error' | 'success-envelope' | 'failure-envelope' | 'filter' | 'firewall-rule' | 'result-info' | 'report';

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function instance(): Ajv {
  if (ajv) return ajv;
  ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  // ajv-formats is CommonJS; its default export arrives wrapped under ESM.
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => void;
  addFormats(ajv);
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(SCHEMA_DIR + file, 'utf8')));
  }
  return ajv;
}

/** Problems of `value` against the named schema; empty when it conforms. */
export function schemaProblems(name: SchemaName, value: unknown): string[] {
  let validate = compiled.get(name);
  if (!validate) {
    validate = instance().getSchema(name);
    if (!validate) throw new Error(`no schema named ${name} in ${SCHEMA_DIR}`);
    compiled.set(name, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
}
