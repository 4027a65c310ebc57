// test/blind/storage/alarm-retry-lost-on-restart.ts on real time: only the alarm lifecycle's chosen
// states see it there (a restart while a retry is pending).
import blind from '../../blind/storage/alarm-retry-lost-on-restart.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(blind, 'rt-blind-alarm-retry-lost-on-restart');
