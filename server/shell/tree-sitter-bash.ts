// Loads the bash grammar once: web-tree-sitter (the tree-sitter runtime as WebAssembly) with the wasm build that
// the tree-sitter-bash package ships. No native addon, nothing fetched: both files come from node_modules. Loading
// takes ~50 ms once per process; a parse after that takes tens of microseconds (bench/policy.bench.ts).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { Language, Parser, type Tree } from 'web-tree-sitter';

// Resolved from this file, so the bundled CLI (dist/cli/…) finds the packages as the compiled files do.
const require = createRequire(import.meta.url);

let loading: Promise<Parser> | null = null;
let loaded: Parser | null = null;

/** The bash parser, loaded on the first call; later calls get the same one. */
export function loadBashParser(): Promise<Parser> {
  loading ??= (async () => {
    const runtime = require.resolve('web-tree-sitter/web-tree-sitter.wasm');
    // V8 would also compile the grammar's 1.3 MB of WebAssembly with its optimising compiler, and the event loop
    // stalls until that is done: 1–3 s on a busy 2-core machine (a CLI command that parsed one line took that
    // long to exit). Its baseline compiler (Liftoff) alone parses as fast here (~15 µs a line), so the modules
    // are compiled with Liftoff only; the flag is put back for any other WebAssembly the process compiles later.
    const liftoffAlready = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('--liftoff-only'));
    setFlagsFromString('--liftoff-only');
    let grammar: Language;
    try {
      await Parser.init({ locateFile: () => runtime });
      grammar = await Language.load(new Uint8Array(await readFile(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'))));
    } finally {
      if (!liftoffAlready) setFlagsFromString('--no-liftoff-only');
    }
    const parser = new Parser();
    parser.setLanguage(grammar);
    loaded = parser;
    return parser;
  })();
  return loading;
}

/** The parser if loadBashParser() has finished, else null. */
export function loadedBashParser(): Parser | null {
  return loaded;
}

/** Parses `text` with the loaded parser; throws when loadBashParser() has not finished (a programming error). */
export function parseBashTree(text: string): Tree {
  if (!loaded) throw new Error('the bash parser is not loaded yet: await loadBashParser() first');
  const tree = loaded.parse(text);
  if (!tree) throw new Error('the bash parser returned no tree');
  return tree;
}
