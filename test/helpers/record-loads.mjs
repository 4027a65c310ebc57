// `node --import ./test/helpers/record-loads.mjs ...`: appends the URL of every module the process
// loads to the file SPECGATE_LOAD_LOG names (ESM resolve hook, chained before tsx's own).
import { register } from 'node:module';

const hook = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (process.env.SPECGATE_LOAD_LOG) appendFileSync(process.env.SPECGATE_LOAD_LOG, result.url + '\\n');
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
