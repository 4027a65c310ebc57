// The golden check between the catalog and the specs (the idea of Kubernetes' conformance.yaml):
// every requirement of a covered area has a spec, every spec cites known requirements, and a
// pending area is not quietly covered. It runs in the project's tests and in every report.

import type { AreaCatalog, Requirement } from '../../requirements/model.js';

export interface CitingTest {
  /** Full name: file > describe > title. */
  name: string;
  requirements: string[];
  /** The requirements its convention checks cite (spec-kit/assertion-profiles.ts): cited too. */
  conventions?: string[];
  /** A dated spec's change (datedSpec): the schedule check looks for one per dated row. */
  dated?: { date: string };
}

export interface CoverageProblem {
  kind: 'spec-cites-none' | 'unknown-requirement' | 'cites-unspecified' | 'requirement-without-spec' | 'pending-area-cited' | 'duplicate-id';
  detail: string;
}

export function allRequirements(catalogs: AreaCatalog[]): Requirement[] {
  return catalogs.flatMap((c) => c.requirements);
}

export function checkCoverage(catalogs: AreaCatalog[], tests: CitingTest[]): CoverageProblem[] {
  const problems: CoverageProblem[] = [];
  const byId = new Map<string, Requirement>();
  for (const requirement of allRequirements(catalogs)) {
    if (byId.has(requirement.id)) problems.push({ kind: 'duplicate-id', detail: `${requirement.id} appears twice in the catalog` });
    byId.set(requirement.id, requirement);
  }
  const pendingAreas = new Set(catalogs.filter((c) => c.pending).map((c) => c.area));
  const cited = new Set<string>();
  for (const test of tests) {
    if (test.requirements.length === 0) problems.push({ kind: 'spec-cites-none', detail: `spec "${test.name}" cites no requirement` });
    for (const id of [...test.requirements, ...(test.conventions ?? [])]) {
      const requirement = byId.get(id);
      cited.add(id);
      if (!requirement) problems.push({ kind: 'unknown-requirement', detail: `spec "${test.name}" cites ${id}, which is not in the catalog` });
      else if (requirement.unspecified) problems.push({ kind: 'cites-unspecified', detail: `spec "${test.name}" cites ${id}, a statement the spec leaves unspecified` });
      else if (pendingAreas.has(requirement.area)) problems.push({ kind: 'pending-area-cited', detail: `spec "${test.name}" cites ${id} of area ${requirement.area}, still marked pending` });
    }
  }
  for (const catalog of catalogs) {
    if (catalog.pending) continue;
    for (const requirement of catalog.requirements) {
      if (!requirement.unspecified && !cited.has(requirement.id)) {
        problems.push({ kind: 'requirement-without-spec', detail: `${requirement.id} (${catalog.area}) has no spec` });
      }
    }
  }
  return problems;
}
