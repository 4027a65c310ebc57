// test/broken/storage/alarm-retry-null.ts on real time.
import broken from '../../broken/storage/alarm-retry-null.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(broken, 'rt-alarm-retry-null');
