// restart() rejects in a test worker (set-up-fails.ts).
import { failingRestart } from './set-up-fails.js';

export default failingRestart();
