// test/broken/storage/alarm-running-handler-cancelled.ts on real time.
import broken from '../../broken/storage/alarm-running-handler-cancelled.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(broken, 'rt-alarm-running-handler-cancelled');
