/** gatehouse's library API (package main export). Each area adds its own lines. */

// The hub and its clients (README: The hub, HTTP API).
export { ensureHub, HubUnavailableError, type EnsureHubOptions } from './hub-client/ensure-hub.js';
export { HubClient, HubRequestError } from './hub-client/hub-client.js';
export { runHub } from './app.js';
export { HubAlreadyRunningError, type RunningHub } from './hub/run-hub.js';
export { hubConfigFromEnv, DEFAULT_PORT, type HubConfig } from './config/hub-config.js';
export { dataDir, dataPaths } from './config/data-paths.js';

// Choice requests and results (README: The tool contract).
export { validateChoiceRequest, type ChoiceRequest, type ChoiceOption, type ValidatedRequest } from '../shared/choice/validate-request.js';
export { CHOICE_LIMITS, type SessionStatus as ChoiceStatus } from '../shared/choice/limits.js';
export type { ChoiceResult, ChoiceSessionView, ChoiceDraft } from '../shared/choice/session-types.js';
export { RequestValidationError, type FieldProblem } from '../shared/validation-error.js';
export type { InteractionSummary } from '../shared/interactions.js';
export type { ServerMessage, ClientMessage } from '../shared/ws-messages.js';

// The PTY mediation core (docs/cli-gates.md).
export { PtyProgram, readScreen, mapSelection, pickOption, markOptions, readFullMenu, typeAnswer, killProcessGroup, encodeKey, keyNamed, KEY_NAMES, type PtySpawnOptions, type Reading, type TypeResult, type Key, type KeyName } from './pty/index.js';

// Orchestrator: staged workflows of CLI agents in pseudo-terminals (docs/orchestrator.md).
export { Orchestrator, UnknownTaskError, type OrchestratorEvents, type OrchestratorOptions } from './orchestrator/orchestrator.js';
export { SessionManager } from './orchestrator/workflow/session-manager.js';
export { WorkflowExecutor } from './orchestrator/workflow/workflow-executor.js';
export { CheckpointStore } from './orchestrator/workflow/checkpoint-store.js';
export { TaskRunner } from './orchestrator/task/task-runner.js';
export { AgentRunner, type AgentRunnerOptions, type AgentRunnerEvents } from './orchestrator/terminal/agent-runner.js';
export { AdapterRegistry, AdapterConfigError } from './orchestrator/adapters/adapter-registry.js';
export { adapterFromConfig, type IAgentAdapter, type LaunchConfig, type LaunchRequest } from './orchestrator/adapters/adapter.js';
export { adapterConfigSchema, type AdapterConfig } from './agents/adapter-schema.js';
export { BUILTIN_ADAPTERS } from './orchestrator/adapters/builtin-adapters.js';
export { pressEnter, pressEnterWhen, answerPrompt, chooseOption, sendKeys, compileHandler, resolveWithHandlers } from './orchestrator/auto-answers/standard-handlers.js';
export type { AutoPolicy, HandlerContext, AnswerAction, AnswerHandler } from './orchestrator/auto-answers/answer-types.js';
import type { AnswerAction, AnswerHandler } from './orchestrator/auto-answers/answer-types.js';
/** @deprecated Renamed AnswerAction (a "policy" in gatehouse is the permission policy, policy.yaml). */
export type PolicyAction = AnswerAction;
/** @deprecated Renamed AnswerHandler (a "policy" in gatehouse is the permission policy, policy.yaml). */
export type PolicyHandler = AnswerHandler;
export { workflowDefinitionSchema, type WorkflowDefinition, type WorkflowInput, type TaskDefinition } from './orchestrator/workflow/workflow-schema.js';
export { loadWorkflowFile, parseWorkflow, parseWorkflowText } from './orchestrator/workflow/workflow-file.js';
export { stripAnsi } from './orchestrator/terminal/ansi.js';
export type { TaskState, TaskStatus, SessionStatus, WorkflowSessionState } from './orchestrator/task/task-types.js';
