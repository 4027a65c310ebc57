// test/broken/storage/alarm-kept-after-run.ts on real time.
import broken from '../../broken/storage/alarm-kept-after-run.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(broken, 'rt-alarm-kept-after-run');
