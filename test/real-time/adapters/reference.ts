// The reference key-value runtime on real time (its alarms on the wall clock, no virtual clock).
import { referenceKvAdapter } from '../../../src/adapters/reference.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(referenceKvAdapter, 'reference-real-time');
