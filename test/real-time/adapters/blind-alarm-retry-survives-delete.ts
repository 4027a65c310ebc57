// test/blind/storage/alarm-retry-survives-delete.ts on real time: only the alarm lifecycle's chosen
// states see it there (deleteAlarm() while a retry is pending).
import blind from '../../blind/storage/alarm-retry-survives-delete.js';
import { inRealTime } from '../in-real-time.js';

export default inRealTime(blind, 'rt-blind-alarm-retry-survives-delete');
