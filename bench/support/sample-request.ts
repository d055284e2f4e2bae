// The choice request the browser benches post to /api/sessions: one question with two options, in the portal.
export const sampleRequest = {
  title: 'bench: pick a database',
  prompt: '**Task:** bench.\n\nPick one.',
  options: [
    { id: 'pg', label: 'PostgreSQL', description: 'Relational.', recommended: true },
    { id: 'sqlite', label: 'SQLite', description: 'Embedded.' },
  ],
  interface: 'web',
};
