// test/broken/storage/alarm-deleteall-drops-persisted.ts on real time: only the alarm lifecycle's
// chosen states see it there (a restart after deleteAll() with an alarm set).
import broken from '../../broken/storage/alarm-deleteall-drops-persisted.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(broken, 'rt-alarm-deleteall-drops-persisted');
