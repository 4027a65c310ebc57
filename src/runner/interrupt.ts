// Ctrl-C (SIGINT) and SIGTERM during a run. vitest's own handler exits the process a millisecond
// after the signal, which left an empty report folder, a bundled reference still holding its port
// until exit, and sometimes a raw "Worker exited unexpectedly" stack (a terminal's Ctrl-C reaches
// the test workers too, and they died of it). Instead, the first signal asks vitest to stop
// starting specs and lets those under way finish (with their own cleanup of what they created);
// the run then writes a partial report marked interrupted and stops its targets as on a normal
// end, and the CLI exits 130. A second signal cancels the specs under way too. The test workers
// ignore SIGINT (worker-signals.mjs): the run decides when they stop.

import type { Reporter, Vitest } from 'vitest/node';

export type InterruptSignal = 'SIGINT' | 'SIGTERM';
const SIGNALS: readonly InterruptSignal[] = ['SIGINT', 'SIGTERM'];

export class Interruption {
  /** The first signal, and when it came; undefined while the run was not interrupted. */
  signal: InterruptSignal | undefined;
  at: Date | undefined;
  private vitest: Vitest | undefined;
  private listenersBefore = new Map<InterruptSignal, Set<NodeJS.SignalsListener>>();
  private readonly onSignal = (signal: InterruptSignal): void => this.interrupt(signal);

  constructor(private readonly say: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {}

  /** From now until `disarm`, a signal interrupts the run instead of ending the process. */
  arm(): void {
    for (const signal of SIGNALS) {
      this.listenersBefore.set(signal, new Set(process.listeners(signal)));
      process.on(signal, this.onSignal);
    }
  }

  /**
   * The run is over. An interrupted one keeps ignoring the signal while the CLI finishes (prints,
   * stops a container): a second Ctrl-C after the report must not cut that cleanup short.
   */
  disarm(): void {
    for (const signal of SIGNALS) {
      process.off(signal, this.onSignal);
      if (this.interrupted) process.on(signal, () => this.say('specgate: finishing: stopping what the run started'));
    }
  }

  get interrupted(): boolean {
    return this.signal !== undefined;
  }

  /**
   * A reporter that takes the vitest instance as it starts: it removes the exit-on-signal handlers
   * vitest added since `arm` (only those: whatever was there before stays), and cancels a run
   * interrupted before vitest existed.
   */
  reporter(): Reporter {
    return {
      onInit: (vitest: Vitest) => {
        this.vitest = vitest;
        for (const signal of SIGNALS) {
          const before = this.listenersBefore.get(signal) ?? new Set();
          for (const listener of process.listeners(signal)) if (listener !== this.onSignal && !before.has(listener)) process.off(signal, listener);
        }
        if (this.interrupted) void vitest.cancelCurrentRun('keyboard-input');
      },
    };
  }

  private interrupt(signal: InterruptSignal): void {
    if (this.signal === undefined) {
      this.signal = signal;
      this.at = new Date();
      this.say(`\nspecgate: interrupted (${signal}): finishing the specs under way, then writing the partial report; ${signal === 'SIGINT' ? 'Ctrl-C' : 'the signal'} again stops them at once`);
    } else {
      this.say(`specgate: interrupted again: stopping the specs under way`);
    }
    // vitest's second cancel stops its workers at once (its own Ctrl-C twice).
    void this.vitest?.cancelCurrentRun('keyboard-input');
  }
}
