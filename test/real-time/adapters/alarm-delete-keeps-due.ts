// test/broken/storage/alarm-delete-keeps-due.ts on real time.
import broken from '../../broken/storage/alarm-delete-keeps-due.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(broken, 'rt-alarm-delete-keeps-due');
