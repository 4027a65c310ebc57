// Loads in the CLI (which checks it before the run) but not in a test worker, as a native module
// built for another Node loads nowhere: every spec file, which loads the adapter first, fails to load.
import { dyingAdapter, inTestWorker } from './base.js';

if (inTestWorker()) {
  throw new Error('The module \'/opt/storage/native.node\' was compiled against a different Node.js version using NODE_MODULE_VERSION 115 (a test adapter that fails to load on purpose)');
}

export default dyingAdapter('fails-to-load', () => {});
