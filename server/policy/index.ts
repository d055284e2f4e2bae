// The permission policy engine (issue 21): rules in Claude Code's syntax for all four agent CLIs, decided on what
// the shell will run. The hub's permission gate calls engine.decide(request) first and asks the person only when
// the answer is `ask`.
export { createPolicyEngine, type PolicyEngine, type PolicyEngineOptions, type PolicyStatus } from './engine.js';
export { decide, type PolicyContext } from './decide.js';
export { narrowestRule, type RulesFromRequest } from './narrow-rule.js';
export { appendRule, type AppendedRule } from './append-rule.js';
export { parsePolicyText, type LoadedRule, type OnTimeout, type PolicyLayer } from './policy-file.js';
export { PolicyLoader, lastValidPath, personPolicyPath, projectPolicyPath } from './policy-loader.js';
export { lastValidDenies } from './last-valid.js';
export { projectRoot } from './project-root.js';
export { parseRule, RuleError, type Rule } from './rule.js';
export { protectedPaths, type ProtectedPaths } from './protected-paths.js';
export { AGENT_IDS, AGENT_NAMES, TOOL_TABLE, classifyTool, toolTableRows, type AgentId, type ToolKind } from './tool-kinds.js';
export type { DecidedBy, Decision, DecisionPart, PolicyDecision, PolicyError, PolicyRequest, PolicyWarning, RuleList } from './types.js';
/** Loads the bash parser that Bash rules and decisions need (createPolicyEngine does it; parsePolicyText needs it done). */
export { loadBashParser as loadPolicyParser } from '../shell/tree-sitter-bash.js';
export { PermissionLog, parseDuration, readPermissionLog, type PermissionRecord } from './permission-log.js';
export { replay, suggest, personAnswer, type ReplayReport, type ReplayItem, type Suggestion } from './replay.js';
export { taskPolicyLayer, type TaskPolicyRules } from './task-layer.js';
export { riskReplay, type RiskReplay } from './risk/risk-replay.js';
export { DEFAULT_RISK, effectiveRisk, type RiskSettings } from './risk/risk-settings.js';
export { readNativeRules, where, type NativeFindings, type NativeRule, type NativeMode } from './native/read-native.js';
export { importEntries, planImport, type ImportEntry, type ImportPlan } from './native/import-plan.js';
export { widerAllows, type WiderAllow } from './native/native-wider.js';
