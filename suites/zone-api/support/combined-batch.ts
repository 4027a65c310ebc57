// The model of the combined-create property (ZM-FW-COMBINED-ATOMIC-BATCH): a batch of items, each
// valid or invalid for a stated reason, and how to say what happened in those terms when the
// property fails (fast-check prints the batch; describeBatch says what was sent and created).

import fc from 'fast-check';
import type { ApiResponse } from '../../../src/spec-kit/api-client.js';
import { answerLine } from '../../../src/spec-kit/answer-line.js';
import { expressions, uniqueExpression, type RuleItem, type ZoneContents } from './firewall.js';

export type BatchItem =
  | { valid: true }
  | { valid: false; why: string; item: RuleItem };

const INVALID_ITEMS: BatchItem[] = [
  ...expressions.invalid.slice(0, 6).map(({ expression, why }) => ({ valid: false as const, why: `invalid filter expression (${why})`, item: { filter: { expression }, action: 'block' } })),
  { valid: false, why: 'unknown action', item: { filter: { expression: 'ssl' }, action: 'no-such-action' } },
  { valid: false, why: 'paused is a string', item: { filter: { expression: 'ssl' }, action: 'block', paused: 'yes' } },
];

/** A valid item (its expression is made fresh when the batch is sent) or one of the invalid items, with why it is invalid. */
export const batchItem: fc.Arbitrary<BatchItem> = fc.oneof(fc.constant<BatchItem>({ valid: true }), fc.constantFrom(...INVALID_ITEMS));

/**
 * The edges, sent before any random batch (a run's request budget may leave room for little more):
 * a batch of valid items alone (the positive control), then each kind of invalid item once, first
 * or last beside a valid one by turns, and one with the invalid item between two valid ones.
 */
export const batchEdges: [BatchItem[]][] = [
  [[{ valid: true }, { valid: true }]],
  ...INVALID_ITEMS.map((invalid, k): [BatchItem[]] => [k % 2 === 0 ? [{ valid: true }, invalid] : [invalid, { valid: true }]]),
  [[{ valid: true }, INVALID_ITEMS[INVALID_ITEMS.length - 1]!, { valid: true }]],
];

/** The items sent for a batch: a valid item gets an expression of its own. */
export const itemsOf = (batch: BatchItem[]): RuleItem[] =>
  batch.map((b) => (b.valid ? { filter: { expression: uniqueExpression() }, action: 'block' } : b.item));

const added = (before: string[], after: string[]) => after.filter((id) => !before.includes(id));
const removed = (before: string[], after: string[]) => before.filter((id) => !after.includes(id));

/** What the zone's listings gained or lost: `rules unchanged; filters +[id] -[]`. */
export function listingChange(before: ZoneContents, after: ZoneContents): string {
  const change = (what: 'rules' | 'filters') => {
    const plus = added(before[what], after[what]);
    const minus = removed(before[what], after[what]);
    return `${what} ${plus.length === 0 && minus.length === 0 ? 'unchanged' : `+[${plus.join(', ')}] -[${minus.join(', ')}]`}`;
  };
  return `${change('rules')}; ${change('filters')}`;
}

/** The batch, the answer and what the zone's listings gained or lost, in a few lines. */
export function describeBatch(batch: BatchItem[], items: RuleItem[], response: ApiResponse, before: ZoneContents, after: ZoneContents): string {
  const sent = batch.map((b, i) => (b.valid
    ? `  #${i} valid: ${JSON.stringify(items[i])}`
    : `  #${i} invalid, ${b.why}: ${JSON.stringify(b.item)}`));
  return [
    `batch of ${batch.length} item(s), ${batch.filter((b) => !b.valid).length} invalid:`,
    ...sent,
    `answer: ${answerLine(response.status, response.body)}`,
    `the zone's listings: ${listingChange(before, after)}`,
  ].join('\n');
}

/** Runs `check`; a failure's message gets `context` after it (its first line stays the assertion's). */
export async function withContext(context: string, check: () => void | Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof Error) error.message = `${error.message}\n${context}`;
    throw error;
  }
}
