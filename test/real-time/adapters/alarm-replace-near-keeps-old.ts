// test/broken/storage/alarm-replace-near-keeps-old.ts on real time.
import broken from '../../broken/storage/alarm-replace-near-keeps-old.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(broken, 'rt-alarm-replace-near-keeps-old');
