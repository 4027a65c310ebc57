// test/broken/storage/alarm-cleared-after-run.ts on real time.
import broken from '../../broken/storage/alarm-cleared-after-run.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(broken, 'rt-alarm-cleared-after-run');
