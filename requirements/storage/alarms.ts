import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'alarms',
  requirements: [
    // Resource and operations
    { id: 'ST-ALARM-NONE-NULL', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Resources and their fields'], words: ['Alarm'] }], text: 'getAlarm() resolves to null when no alarm is set' },
    { id: 'ST-ALARM-INTEGER-MS', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Alarm operations'] }], text: 'getAlarm() resolves to the alarm time as an integer number of milliseconds since the epoch' },
    { id: 'ST-ALARM-DATE-OR-NUMBER', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Alarm operations'] }], text: 'setAlarm accepts a Date or a number of milliseconds since the epoch; both set the same time' },
    // State table
    { id: 'ST-ALARM-SET', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'], words: ['no alarm'] }], text: 'setAlarm(time) with no alarm sets one: getAlarm() returns the time' },
    { id: 'ST-ALARM-REPLACE', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'], words: ['alarm set'] }], text: 'setAlarm(time) when an alarm is set replaces its time: one alarm per object, getAlarm() returns the new time and the handler runs once, at the new time' },
    { id: 'ST-ALARM-DELETE', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'], words: ['alarm set'] }], text: 'deleteAlarm() removes the alarm: getAlarm() returns null and the handler does not run' },
    { id: 'ST-ALARM-DELETE-KEEPS-RUNNING', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'], words: ['alarm set'] }], text: 'deleteAlarm() during a running handler does not cancel that handler: it runs to completion' },
    { id: 'ST-ALARM-PAST-RUNS-PROMPTLY', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'], words: ['any'] }], text: 'setAlarm with a time that is now or earlier schedules the handler to run asynchronously in the immediate future' },
    { id: 'ST-ALARM-SET-KEEPS-RUNNING', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'], words: ['any'] }], text: 'setAlarm with a time now or earlier during a running handler does not cancel that handler: it runs to completion' },
    { id: 'ST-ALARM-SET-UNTIL-STARTED', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'] }], text: 'An alarm counts as set until its handler has started: getAlarm() returns its time until then' },
    { id: 'ST-ALARM-NOT-SET-WHILE-RUNNING', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'] }], text: 'An alarm counts as set only if it has not started (or failed and awaits its retry): while its handler runs, with no other alarm set, getAlarm() returns null' },
    { id: 'ST-ALARM-PERSISTED', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Resources and their fields'], words: ['Alarm'] }, { headings: ['Endpoints', 'Options'], words: ['allowUnconfirmed'] }], text: 'The alarm is stored state of the object (a write, flushed to disk like the others): a set alarm survives a restart (getAlarm() answers its time and the handler runs at it), a deleted one stays deleted' },
    { id: 'ST-ALARM-SET-WHILE-RETRY-PENDING', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'] }], text: 'An alarm whose handler failed counts as set while its retry has not begun: getAlarm() returns its time' },
    { id: 'ST-ALARM-NULL-AFTER-SUCCESS', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'] }], text: 'An alarm counts as set only until its handler has started (or, after a failed run, until its retry begins): once the handler has run successfully, getAlarm() returns null' },
    // Events
    { id: 'ST-ALARM-HANDLER-RUNS', area: 'alarms', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Events'] }], text: 'When the alarm time is reached, and not before, the object\'s alarm handler runs' },
    { id: 'ST-ALARM-PROMPT', area: 'alarms', level: 'should', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Events'] }], text: 'Alarm timing has millisecond granularity: the handler usually runs within a few milliseconds after the set time' },
    { id: 'ST-ALARM-DELAY-BOUND', area: 'alarms', level: 'may', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Limits'], words: ['Alarm delay upper bound'] }], text: 'The handler may be delayed by up to about one minute (maintenance or failover), not more' },
    // Extended (reference-notes)
    { id: 'ST-ALARM-RETRY-BACKOFF', area: 'alarms', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['Storage runtime (workerd)'] }], text: 'A failing alarm handler is retried with exponential backoff starting at 2 s, up to 6 retries' },
    // Not shown
    { id: 'ST-ALARM-HANDLER-SIGNATURE-UNSPECIFIED', area: 'alarms', level: 'may', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Events'] }], text: 'Name and arguments of the alarm handler: not shown', unspecified: true },
    { id: 'ST-ALARM-RETRY-UNSPECIFIED', area: 'alarms', level: 'may', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Events'] }], text: 'Retry behaviour of the alarm handler: not shown', unspecified: true },
    { id: 'ST-ALARM-LIFECYCLE-UNSPECIFIED', area: 'alarms', level: 'may', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'] }], text: 'The full alarm lifecycle (running, failed, retry): not shown', unspecified: true },
  ],
};
export default catalog;
