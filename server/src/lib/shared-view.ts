/**
 * What a reader without an account gets of a brief (GET /api/shared/{token}): the brief without
 * the ids of the author's account that the author's own copies carry — the health table's
 * `project_uuid`. The reader's page shows names; an id would only tell an outsider the author's
 * objects (contract: BriefProjectHealth).
 */
export function forReaders<B extends { project_health: { project_uuid?: string }[] }>(brief: B): B {
  return {
    ...brief,
    project_health: brief.project_health.map(({ project_uuid: _, ...row }) => row),
  }
}
