// Why a user's module (an adapter given by path) could not be imported, as one line that keeps the
// cause: where a syntax error is (file:line:column and the compiler's message), what a module threw
// while it was being evaluated, which import it could not resolve.
//
// The compilers say where, each in its own way: esbuild's errors carry `errors[].location`; tsx
// deletes those and leaves them only in the message ("Transform failed with 1 error:\nFILE:LINE:COL:
// ERROR: TEXT"); vite's carry `loc`; Node's own SyntaxError for a .js/.mjs file says nowhere, and
// tsx may report one as something else: so, failing those, the file is compiled once more with
// esbuild to find the place.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A place in a source file; line and column 1-based, as editors and tsc count them. */
interface SourceError { file: string; line: number; column: number; text: string; more: number }

/** The cause of a failed import of `path`, one line. */
export async function describeLoadError(error: unknown, path: string): Promise<string> {
  // Whatever the loader made of it (tsx may report a syntax error of a .js file as a require cycle),
  // a file that does not compile is the cause.
  const syntax = syntaxErrorOf(error) ?? await compileErrorOf(path);
  if (syntax !== undefined) {
    const more = syntax.more > 0 ? ` (and ${syntax.more} more error${syntax.more > 1 ? 's' : ''})` : '';
    return `cannot compile ${syntax.file}:${syntax.line}:${syntax.column}: ${syntax.text}${more}`;
  }
  if (!(error instanceof Error)) return `importing ${path} threw ${String(error)}`;
  const message = firstLine(error.message);
  if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' || (error as { code?: unknown }).code === 'MODULE_NOT_FOUND') {
    return `cannot load ${path}: ${message}`;
  }
  const where = placeIn(error.stack ?? '', path);
  return `${path} threw while it was being imported: ${error.name}: ${message}${where ? ` (at ${where})` : ''}`;
}

const firstLine = (text: string): string => text.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';

interface EsbuildMessage { text?: string; location?: { file?: string; line?: number; column?: number } | null }

/** The place of a compiler's syntax error, from the error object (esbuild, vite) or tsx's message. */
function syntaxErrorOf(error: unknown): SourceError | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { errors, loc, message } = error as { errors?: EsbuildMessage[]; loc?: { file?: string; line?: number; column?: number }; message?: string };
  const located = Array.isArray(errors) ? errors.find((e) => e.location) : undefined;
  if (located?.location?.file !== undefined && located.location.line !== undefined) {
    // esbuild counts columns from 0.
    return { file: located.location.file, line: located.location.line, column: (located.location.column ?? 0) + 1, text: located.text ?? '', more: errors!.length - 1 };
  }
  if (loc?.file !== undefined && loc.line !== undefined && typeof message === 'string') {
    return { file: loc.file, line: loc.line, column: (loc.column ?? 0) + 1, text: firstLine(message), more: 0 };
  }
  if (typeof message !== 'string') return undefined;
  const header = /^Transform failed with (\d+) errors?:/.exec(message);
  const first = /^(.+):(\d+):(\d+): ERROR: (.*)$/m.exec(message);
  if (!header || !first) return undefined;
  return { file: first[1]!, line: Number(first[2]), column: Number(first[3]) + 1, text: first[4]!, more: Number(header[1]) - 1 };
}

/** Node's SyntaxError says nowhere: compile the file with esbuild to find the place, if it is there. */
async function compileErrorOf(path: string): Promise<SourceError | undefined> {
  try {
    const { transform } = await import('esbuild');
    const loader = /\.[cm]?tsx?$/.test(path) ? 'ts' : 'js';
    await transform(readFileSync(path, 'utf8'), { loader, sourcefile: path, format: 'esm', logLevel: 'silent' });
    return undefined; // the file compiles: the syntax error is in something it imports
  } catch (error) {
    return syntaxErrorOf(error);
  }
}

/** The first frame of the stack inside the module itself, as FILE:LINE:COL. */
function placeIn(stack: string, path: string): string | undefined {
  for (const match of stack.matchAll(/\(?((?:file:\/\/)?\/[^\s()]+?):(\d+):(\d+)\)?$/gm)) {
    const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    if (file === path) return `${file}:${match[2]}:${match[3]}`;
  }
  return undefined;
}
