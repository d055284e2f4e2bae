import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { problemsFromZod, RequestValidationError } from '../../../shared/validation-error.js';
import { workflowDefinitionSchema, type WorkflowDefinition } from './workflow-schema.js';

/** Validate a workflow given as an object (from JSON, YAML or an API body). */
export function parseWorkflow(raw: unknown): WorkflowDefinition {
  const result = workflowDefinitionSchema.safeParse(raw);
  if (!result.success) throw new RequestValidationError(problemsFromZod(result.error));
  return result.data;
}

/** Parse workflow text: JSON if it looks like JSON, else YAML. */
export function parseWorkflowText(text: string): unknown {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) return JSON.parse(text);
  return parseYaml(text);
}

/** Read and validate a workflow file (.json, .yaml, .yml). */
export function loadWorkflowFile(path: string): WorkflowDefinition {
  return parseWorkflow(parseWorkflowText(readFileSync(path, 'utf8')));
}
