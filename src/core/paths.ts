// Where specgate's own files are: the package root, whatever the working directory.

import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
