// Its test worker is killed by SIGKILL when a spec creates an object: no word on stderr, only the signal.
import { dyingAdapter } from './base.js';

export default dyingAdapter('dies-by-sigkill', () => process.kill(process.pid, 'SIGKILL'));
