// Violates: "Bookmark | mostly alphanumeric string marking a point in the object's history; lexically
// comparable: an earlier point compares less than a later point under plain string comparison".
// Misreading: "lexically comparable" taken as "comparable": the bookmark's numbers are written in
// decimal without padding, which orders 9 after 10 as strings.
import { blindVariant, override } from './support.js';

const REFERENCE = /^([0-9a-f]{8})-([0-9a-f]{8})-([0-9a-f]{8})-([0-9a-f]{32})$/;
const UNPADDED = /^(\d+)\.(\d+)\.([0-9a-f]{32})$/;

function unpadded(bookmark: string): string {
  const match = REFERENCE.exec(bookmark);
  if (!match) return bookmark;
  const [, generation, high, low, mac] = match as unknown as string[];
  return `${parseInt(generation!, 16)}.${BigInt(`0x${high}${low}`)}.${mac}`;
}

function padded(bookmark: unknown): unknown {
  const match = typeof bookmark === 'string' ? UNPADDED.exec(bookmark) : null;
  if (!match) return bookmark;
  const [, generation, seq, mac] = match as unknown as string[];
  const sequence = BigInt(seq!).toString(16).padStart(16, '0');
  return `${Number(generation).toString(16).padStart(8, '0')}-${sequence.slice(0, 8)}-${sequence.slice(8)}-${mac}`;
}

export default blindVariant('pitr-bookmark-unpadded', {
  backend: 'sqlite',
  view: (storage) => override(storage, {
    getCurrentBookmark: async () => unpadded(await storage.getCurrentBookmark!()),
    getBookmarkForTime: async (time: any) => unpadded(await storage.getBookmarkForTime!(time)),
    onNextSessionRestoreBookmark: async (bookmark: any) => unpadded(await storage.onNextSessionRestoreBookmark!(padded(bookmark) as string)),
  }),
});
