import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

/**
 * Loaded on demand, each a chunk of its own (with its own CSS): never part of a choice page's first load. The list
 * is one of them (a gate link's page shows no list); the list helpers the live socket and the choice page use stay
 * in the entry. Every module not matched here goes into the entry chunk — a new file a lazy view alone uses must be
 * matched here (settings' policy status and paired machines, history's paged list, the permission view's types).
 */
const LAZY = /\/shared\/permission\/(view|high-risk)\.ts$|\/web\/(config\/(SettingsPanel|TelegramSettings|NtfySettings|PairedMachines|PolicyStatus)|history\/[\w-]+|list\/(InteractionList|RowSource|use-more-rows|project-filter)|rendering\/(FinalState|FinalAnswers|QuestionsForm|QuestionFieldset|use-question-arrows)|notify\/(notification-watch|worker-notices))\.tsx?$|\/web\/permission\/|\/web\/tasks\/|\/web\/resolve\/|@xterm/;

/**
 * The portal bundle: web/main.tsx → dist/web/assets. One content-hashed entry (JS + CSS) holds what a choice
 * page needs at first; views loaded on demand are chunks of their own. The hub's web-portal plugin reads
 * Vite's manifest and serves the files at /assets/<bundle version>/ with immutable cache headers — `base:
 * './'` keeps chunk imports relative so they resolve under that versioned route.
 */
export default defineConfig({
  root: 'web',
  base: './',
  plugins: [preact()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: 'web/main.tsx',
      output: { manualChunks: (id: string) => (LAZY.test(id) ? undefined : 'main') },
    },
  },
});
