// The control: the variants' machinery with nothing changed, on the key-value backend. It must
// pass the suite exactly as the bundled reference-kv does, or the variants' outcomes mean nothing.
import { blindVariant } from './support.js';

export default blindVariant('unbroken-kv', { backend: 'kv' });
