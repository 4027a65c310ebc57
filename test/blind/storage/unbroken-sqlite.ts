// The control: the variants' machinery with nothing changed, on the SQLite backend. It must pass
// the suite exactly as the bundled reference-sqlite does, or the variants' outcomes mean nothing.
import { blindVariant } from './support.js';

export default blindVariant('unbroken-sqlite', { backend: 'sqlite' });
