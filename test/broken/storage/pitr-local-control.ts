// Not broken: a local-development runtime without point-in-time recovery that answers as workerd
// does locally. The control of the pitr-local-* variants: it fails nothing, so the two specs of
// local development run and pass where they apply.

import { localRuntime } from './wrap.js';

export default localRuntime('pitr-local-control');
