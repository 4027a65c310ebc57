// specgate.config.ts: where a team keeps how specgate reaches its target, so that CI and people run
// the same thing. Command-line flags override every field. Credentials are never written here:
// the file names the environment variables that hold them.
//
//   import { defineConfig } from 'specgate/config';
//   export default defineConfig({ target: { url: 'https://api.example.test/client/v4', credentials: { tokenEnv: 'MY_API_TOKEN' } } });

import type { Plan } from '../../contract/control.js';
import type { ZoneAllowance } from '../../requirements/declarations.js';

export interface SpecgateConfig {
  target?: {
    /** Base URL, with or without the /client/v4 suffix (--target). */
    url?: string;
    /** Names of the environment variables holding the credentials (never the credentials). */
    credentials?: { tokenEnv?: string; emailEnv?: string; keyEnv?: string };
    /** The target's control API, if it has one (--control). */
    control?: string;
    /**
     * For a target without a control API: a zone it provides for the specs of each plan, by ID and
     * domain name. Specs leave these zones as they found them; specs needing a zone set up some
     * other way are skipped, with the reason. `allow` lets specs do more in that zone: change its
     * settings ('zone-settings'), use its certificate issuance quota ('cert-quota'), leave filters
     * the API refuses to delete ('undeletable-objects'). Nothing by default; never the WAF migration.
     */
    zones?: Partial<Record<Plan, { id: string; name: string; allow?: ZoneAllowance[] }>>;
    /** Seconds a request may go unanswered before its spec fails (--timeout; default 15). */
    timeoutSeconds?: number;
    /**
     * Seconds of its own time a spec may take (--spec-timeout; default 60). Its waits on the
     * target (answers, --max-rps pacing, retry-after, real time, calls into a storage adapter)
     * are not counted.
     */
    specTimeoutSeconds?: number;
    /** Requests per second at most, across the whole run (--max-rps). */
    maxRps?: number;
    /** Zone API specs each test worker runs at once (--concurrency; default 16). */
    concurrency?: number;
  };
  /** Storage adapter: a built-in name or a module path, relative to this file (--adapter). */
  adapter?: string;
  /** workerd's compatibility date for the workerd adapter, YYYY-MM-DD (--compatibility-date;
   * default: the newest the installed runtime declares). */
  compatibilityDate?: string;
  /** The miniflare the workerd adapter runs, relative to this file (--miniflare): a folder it is
   * installed in (npm install --prefix DIR miniflare@VERSION), or its package folder. */
  miniflare?: string;
  /** The workerd binary the workerd adapter runs, relative to this file (--workerd). */
  workerd?: string;
  /** Baseline of known failures, relative to this file (--baseline). */
  baseline?: string;
  /** Which specs run: core (only what the documents state) or extended (also production conventions; the default) (--profile). */
  profile?: 'core' | 'extended';
  /**
   * Which verdict the exit code gates on (--gate): core (conformance to the documents; the
   * default) or extended (production conventions too). Both verdicts are always reported.
   */
  gate?: 'core' | 'extended';
  /**
   * Accept an incomplete run (--accept-incomplete): gated specs skipped for reasons the target did
   * not declare (no control API, no zone, a credential scheme not given, a clock that cannot be
   * set) leave the outcome passed (exit 0) instead of incomplete (exit 3). They stay reported.
   */
  acceptIncomplete?: boolean;
  /** Run at this date, YYYY-MM-DD or ISO 8601 (--as-of). */
  asOf?: string;
}

/** Types a configuration; returns it unchanged. */
export function defineConfig(config: SpecgateConfig): SpecgateConfig {
  return config;
}
