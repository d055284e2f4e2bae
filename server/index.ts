/** gatehouse's library API (package main export). Each area adds its own lines. */

// Orchestrator: staged workflows of CLI agents in pseudo-terminals (docs/orchestrator.md).
export { Orchestrator, UnknownTaskError, type OrchestratorEvents, type OrchestratorOptions } from './orchestrator/orchestrator.js';
export { SessionManager } from './orchestrator/session-manager.js';
export { WorkflowExecutor } from './orchestrator/workflow-executor.js';
export { CheckpointStore } from './orchestrator/checkpoint-store.js';
export { TaskRunner } from './orchestrator/task-runner.js';
export { AgentRunner, type AgentRunnerOptions, type AgentRunnerEvents } from './orchestrator/agent-runner.js';
export { AdapterRegistry, AdapterConfigError } from './orchestrator/adapter-registry.js';
export { adapterFromConfig, type IAgentAdapter, type LaunchConfig, type LaunchRequest } from './orchestrator/adapter.js';
export { adapterConfigSchema, type AdapterConfig } from './orchestrator/adapter-schema.js';
export { BUILTIN_ADAPTERS } from './orchestrator/builtin-adapters.js';
export { pressEnter, pressEnterWhen, answerPrompt, chooseOption, sendKeys, compileHandler, resolveWithHandlers } from './orchestrator/standard-handlers.js';
export type { AutoPolicy, HandlerContext, PolicyAction, PolicyHandler } from './orchestrator/policy-types.js';
export { workflowDefinitionSchema, type WorkflowDefinition, type WorkflowInput, type TaskDefinition } from './orchestrator/workflow-schema.js';
export { loadWorkflowFile, parseWorkflow, parseWorkflowText } from './orchestrator/workflow-file.js';
export { stripAnsi } from './orchestrator/ansi.js';
export type { TaskState, TaskStatus, SessionStatus, WorkflowSessionState } from './orchestrator/task-types.js';
