// Violates: "alarm set | deleteAlarm() | | no alarm | A running handler is not cancelled".
// Misreading: deleteAlarm() cancels the alarm wherever it is, so a handler that is running when
// it is called is stopped: its storage calls from then on fail, and it is not retried.
import { blindVariant, override } from './support.js';

class AlarmCancelled extends Error {}

export default blindVariant('alarm-delete-cancels-running', {
  backend: 'kv',
  patch: ({ internals, state }) => {
    const scheduler = internals.alarms;
    const handler = scheduler.handler;
    scheduler.handler = async (storage: unknown, info: unknown) => {
      state.running = true;
      state.cancelled = false;
      try {
        await handler(storage, info);
      } catch (error) {
        if (!state.cancelled) throw error;
      } finally {
        state.running = false;
      }
    };
  },
  view: (storage, { state }, caller) => {
    if (caller === 'alarm') {
      const guard = (method: string) => (...args: unknown[]) => (state.cancelled
        ? Promise.reject(new AlarmCancelled('the alarm was deleted while it ran'))
        : (storage as any)[method](...args));
      return override(storage, Object.fromEntries(['get', 'put', 'delete', 'list', 'deleteAll', 'getAlarm', 'setAlarm', 'deleteAlarm', 'transaction']
        .map((method) => [method, guard(method)])));
    }
    return override(storage, {
      deleteAlarm: (options?: any) => {
        if (state.running) state.cancelled = true;
        return storage.deleteAlarm(options);
      },
    });
  },
});
