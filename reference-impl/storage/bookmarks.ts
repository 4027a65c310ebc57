// Bookmarks of the reference's point-in-time recovery, shaped like workerd's
// (0000007b-0000b26e-00001538-0c3e87bb37b3db5cc52eedb93cd3b96b):
//
//   GGGGGGGG-SSSSSSSS-SSSSSSSS-MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM
//
// G: the generation (each restore starts a new one), S: the version's sequence number in the
// object's history, both fixed-width lowercase hex, so plain string order is history order, which
// is time order. "End of generation G" (S all f) is the moment just before the restore that ends
// G: what onNextSessionRestoreBookmark answers before that moment exists. M: a MAC of G and S
// under the object's secret, so a bookmark of another object (or a made-up one) is refused.

import { createHmac } from 'node:crypto';

export interface BookmarkPoint {
  generation: number;
  /** Sequence number of a version; END_OF_GENERATION for the last state of the generation. */
  seq: number;
}

export const END_OF_GENERATION = Number.POSITIVE_INFINITY;

const SHAPE = /^([0-9a-f]{8})-([0-9a-f]{8})-([0-9a-f]{8})-([0-9a-f]{32})$/;
const END_DIGITS = 'f'.repeat(16);

export class BookmarkCodec {
  constructor(private readonly secret: Buffer) {}

  encode({ generation, seq }: BookmarkPoint): string {
    const g = generation.toString(16).padStart(8, '0');
    const s = seq === END_OF_GENERATION ? END_DIGITS : seq.toString(16).padStart(16, '0');
    return `${g}-${s.slice(0, 8)}-${s.slice(8)}-${this.mac(g, s)}`;
  }

  /** The point a bookmark marks; undefined when it is malformed or not this object's. */
  decode(bookmark: unknown): BookmarkPoint | undefined {
    const match = typeof bookmark === 'string' ? SHAPE.exec(bookmark) : null;
    if (!match) return undefined;
    const [, g, s1, s2, mac] = match as unknown as [string, string, string, string, string];
    const s = s1 + s2;
    if (this.mac(g, s) !== mac) return undefined;
    return { generation: parseInt(g, 16), seq: s === END_DIGITS ? END_OF_GENERATION : parseInt(s, 16) };
  }

  private mac(generation: string, seq: string): string {
    return createHmac('sha256', this.secret).update(`${generation}-${seq}`).digest('hex').slice(0, 32);
  }
}
