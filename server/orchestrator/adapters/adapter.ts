import type { AdapterConfig } from '../../agents/adapter-schema.js';
import type { AutoPolicy } from '../auto-answers/answer-types.js';
import { compileHandler } from '../auto-answers/standard-handlers.js';
import type { KnownDialog } from '../auto-answers/screen-dialogs.js';

/** What a task asks of its adapter at launch. */
export interface LaunchRequest {
  /** For the generic adapter: the program to run. */
  command?: string;
  args?: string[];
  autoApprove: boolean;
}

export interface LaunchConfig {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** Adapter-specific reading of the screen, compiled. */
export interface ScreenDetection {
  idle: RegExp[];
  /** Idle patterns tested on the whole screen (the cursor is not on the input line). */
  idleScreen?: RegExp[];
  busy: RegExp[];
  waiting: RegExp[];
  /** The prompt on screen is idle only once the program said state=idle on its own channel (OSC 7501). */
  idleAfterState?: boolean;
}

/** Spec: IAgentAdapter — normalises how diverse CLI tools are launched and automated. */
export interface IAgentAdapter {
  readonly id: string;
  readonly description: string;
  /** Command and arguments (injectArgs appended only with autoApprove). */
  getLaunchConfig(request: LaunchRequest): LaunchConfig;
  readonly autoPolicy?: AutoPolicy;
  readonly detect: ScreenDetection;
  /** The agent CLI whose own hooks are wired in per run (server/agents/<id>/launch.ts), if any. */
  readonly hooks?: string;
  /** Dialogs known by their own words (screen-dialogs.ts). */
  readonly dialogs?: readonly KnownDialog[];
  /** The known dialogs that are a field for a key (`secret`), by their question: typed text there is masked. */
  readonly secretFields?: readonly RegExp[];
}

export class AdapterLaunchError extends Error {}

/** Build an adapter from its data. */
export function adapterFromConfig(id: string, config: AdapterConfig): IAgentAdapter {
  const compile = (sources: string[]) => sources.map((source) => new RegExp(source, 'im'));
  const autoPolicy: AutoPolicy = {
    injectArgs: [...config.autoPolicy.injectArgs],
    handlers: config.autoPolicy.handlers.map(compileHandler),
  };
  return {
    id,
    description: config.description ?? '',
    autoPolicy,
    hooks: config.hooks,
    dialogs: config.dialogs.map((d) => ({ question: new RegExp(d.question, 'm'), outside: d.outside })),
    secretFields: config.dialogs.filter((d) => d.secret).map((d) => new RegExp(d.question, 'm')),
    detect: { idle: compile(config.detect.idle), idleScreen: compile(config.detect.idleScreen), busy: compile(config.detect.busy), waiting: compile(config.detect.waiting), idleAfterState: config.detect.idleAfterState },
    getLaunchConfig(request) {
      const command = request.command ?? config.command;
      if (!command) throw new AdapterLaunchError(`adapter "${id}" needs the task to give a command`);
      const args = [...(request.command ? [] : config.args), ...(request.args ?? [])];
      if (request.autoApprove) args.push(...(autoPolicy.injectArgs ?? []));
      return { command, args, env: { ...config.env } };
    },
  };
}
