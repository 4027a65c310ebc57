// Misreading: the runtime clears the alarm once its handler returned successfully, so an alarm the
// handler (or an event meanwhile) set during the run is lost.

import { patchedRuntime } from './wrap.js';

export default patchedRuntime('alarm-cleared-after-run', () => {}, undefined, (storage) => storage.deleteAlarm());
