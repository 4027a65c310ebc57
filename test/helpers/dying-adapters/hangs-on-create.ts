// create() never settles in a test worker (set-up-fails.ts).
import { hangingCreate } from './set-up-fails.js';

export default hangingCreate();
