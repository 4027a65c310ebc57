// test/broken/storage/alarm-deleteall-deletes-alarm.ts on real time.
import broken from '../../broken/storage/alarm-deleteall-deletes-alarm.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(broken, 'rt-alarm-deleteall-deletes-alarm');
