import { projectName } from '../../shared/choice/gate-source.js';
import type { InteractionSummary } from '../../shared/interactions.js';

export interface ProjectChoice {
  /** The full project path (the filter's value). */
  path: string;
  /** The folder name shown; a parent folder is added when two projects share a name. */
  name: string;
}

/** The projects the rows were asked from, sorted by name, each once. */
export function projectsOf(rows: readonly InteractionSummary[]): ProjectChoice[] {
  const paths = [...new Set(rows.map((r) => r.source?.project).filter((p): p is string => Boolean(p)))];
  const names = paths.map((path) => projectName(path) ?? path);
  return paths
    .map((path, i) => ({ path, name: names.filter((n) => n === names[i]).length > 1 ? twoLastFolders(path) : names[i] }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.path.localeCompare(b.path));
}

/** Keeps the rows asked from `project` (all rows when null). */
export function filterByProject(rows: readonly InteractionSummary[], project: string | null): InteractionSummary[] {
  return project === null ? [...rows] : rows.filter((r) => r.source?.project === project);
}

function twoLastFolders(path: string): string {
  return path.split(/[\\/]+/).filter(Boolean).slice(-2).join('/');
}
