// Runs one container-target scenario in its own process, so that testcontainers reads DOCKER_HOST
// (and the rest of its configuration) from this process's environment: it resolves the Docker
// client once per process and caches it. Prints one JSON line: what happened.
//
//   node --import tsx test/helpers/container-scenario.ts '<json options>'
//
// mode "run": start the target, make one authenticated request to it (as a run would), stop it.
// mode "run-fails": the same inside withContainerTarget, with the "run" throwing after its request.

import { ControlClient } from '../../src/spec-kit/control.js';
import { withContainerTarget, startContainerTarget, type ContainerTargetOptions } from '../../src/targets/container-target.js';

interface Scenario { mode: 'run' | 'run-fails'; options: ContainerTargetOptions; token?: string }

const scenario = JSON.parse(process.argv[2] ?? '{}') as Scenario;

/** What a run would do first: a zone through the control API, then an authenticated request. */
async function request(baseUrl: string, controlUrl: string | undefined): Promise<{ status: number; success: unknown; wrongTokenStatus: number }> {
  const zone = await new ControlClient(controlUrl!).createZone({ plan: 'pro' });
  const url = `${baseUrl}/zones/${zone.id}/dns_records`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${scenario.token ?? ''}` } });
  const body = await response.json() as { success?: unknown };
  const wrong = await fetch(url, { headers: { authorization: 'Bearer not-the-token' } });
  await wrong.body?.cancel();
  return { status: response.status, success: body.success, wrongTokenStatus: wrong.status };
}

async function reachable(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) }).then(() => true, () => false);
}

try {
  if (scenario.mode === 'run') {
    const target = await startContainerTarget(scenario.options);
    const answer = await request(target.baseUrl, target.controlUrl);
    await target.stop();
    await target.stop(); // a second stop is harmless
    process.stdout.write(`${JSON.stringify({ ok: true, baseUrl: target.baseUrl, controlUrl: target.controlUrl, reaper: target.reaper, answer, reachableAfterStop: await reachable(target.baseUrl) })}\n`);
  } else {
    let baseUrl = '';
    try {
      await withContainerTarget(scenario.options, async (target) => {
        baseUrl = target.baseUrl;
        await request(target.baseUrl, target.controlUrl);
        throw new Error('the run failed');
      });
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ ok: false, error: { name: (error as Error).name, message: (error as Error).message }, reachableAfterStop: await reachable(baseUrl) })}\n`);
    }
  }
} catch (error) {
  process.stdout.write(`${JSON.stringify({ ok: false, error: { name: (error as Error).name, message: (error as Error).message } })}\n`);
}
