import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { startTestMcp, type TestMcp } from '../support/mcp-client.js';

let hub: TestHub;
let mcp: TestMcp;
/** A client that shows forms (elicitation); the test fills the next one in with `fillForm`. */
let withForms: TestMcp;
let fillForm: (params: ElicitRequest['params']) => Record<string, unknown>;

beforeAll(async () => {
  hub = await startTestHub();
  mcp = await startTestMcp(hub.env);
  withForms = await startTestMcp({ ...hub.env, GATEHOUSE_FASTEST_PERSON_MS: '0' }, { elicitation: { form: {} } });
  withForms.client.setRequestHandler(ElicitRequestSchema, async (req) => ({ action: 'accept', content: fillForm(req.params) as never }));
});
afterAll(async () => {
  await mcp?.close();
  await withForms?.close();
  await hub?.stop();
});

const questions = [
  { question: 'Which database should the orders service use?', header: 'Database', options: [{ id: 'pg', label: 'PostgreSQL', recommended: true }, { id: 'lite', label: 'SQLite' }] },
  { question: 'Which extras should it start with?', header: 'Extras', multi_select: true, options: [{ id: 'auth', label: 'Auth' }, { id: 'cache', label: 'Cache' }, { id: 'queue', label: 'Queue' }] },
  { question: 'What should the service be called?', header: 'Name', allow_free_text: true, options: [{ id: 'orders', label: 'orders' }] },
];

describe('provide_choice with questions (real MCP client over stdio)', () => {
  it('advertises questions and answers in its schemas', async () => {
    const { tools } = await mcp.client.listTools();
    const tool = tools.find((t) => t.name === 'provide_choice')!;
    const input = (tool.inputSchema.properties as any).questions;
    expect(input).toMatchObject({ type: 'array', minItems: 1, maxItems: 4 });
    expect(Object.keys(input.items.properties)).toEqual(['question', 'header', 'options', 'multi_select', 'allow_free_text']);
    expect(input.items.properties.header.maxLength).toBe(12);
    expect(tool.outputSchema?.properties).toHaveProperty('answers');
  });

  it('a 3-question gate answered through the hub → the poll returns exactly one answer per question, in order', async () => {
    const start = await mcp.call<any>('provide_choice', { prompt: 'Setting up the orders service.', questions, interface: 'web' });
    expect(start).toMatchObject({ status: 'pending', session_id: expect.stringMatching(/^ch_/) });
    const { session } = await hub.client.request<any>('GET', `/api/sessions/${start.session_id}`);
    expect(session.request.questions.map((q: any) => q.header)).toEqual(['Database', 'Extras', 'Name']);

    const poll = mcp.call<any>('provide_choice', { session_id: start.session_id, wait_seconds: 30 });
    await hub.client.request('POST', `/api/sessions/${start.session_id}/submit`, {
      answers: [
        { question_index: 1, selected_ids: ['queue', 'auth'] },
        { question_index: 0, selected_ids: ['lite'] },
        { question_index: 2, selected_ids: [], free_text: 'order-desk' },
      ],
    });
    const result = await poll;
    expect(result).toEqual({
      status: 'submitted',
      session_id: start.session_id,
      selected: [],
      annotations: {},
      global_annotation: null,
      free_text: null,
      answers: [
        { question_index: 0, selected: [{ id: 'lite', label: 'SQLite' }] },
        { question_index: 1, selected: [{ id: 'queue', label: 'Queue' }, { id: 'auth', label: 'Auth' }] },
        { question_index: 2, selected: [], free_text: 'order-desk' },
      ],
      interface: 'web',
      answered_by: 'human',
      next_step: expect.stringMatching(/all 3 questions/),
    });
  });

  it('errors name the field and the problem', async () => {
    const text = async (args: Record<string, unknown>) => {
      const reply = await mcp.raw('provide_choice', args);
      expect(reply.isError).toBe(true);
      return reply.content[0]!.text!;
    };
    expect(await text({ prompt: 'p', options: questions[0]!.options, questions })).toContain('options: cannot be given with questions');
    expect(await text({ title: 'nothing to ask' })).toContain('options: is required (or give questions');
    expect(await text({ questions: [...questions, ...questions.map((q) => ({ ...q, question: `${q.question} again` }))] })).toContain('questions: must have at most 4 questions');
    expect(await text({ questions: [{ ...questions[0], header: 'Database engine' }] })).toContain('questions[0].header: must be at most 12 characters');
    expect(await text({ questions: [{ ...questions[0], multiSelect: true }] })).toContain('questions[0].multiSelect: unknown field — did you mean "multi_select"?');
  });

  it('chat: one Protocol Block lists every question; a reply of one line per question submits answers', async () => {
    const start = await mcp.call<any>('provide_choice', { title: 'Orders service', questions, interface: 'chat' });
    const block: string = start.protocol_block;
    expect(block).toContain('### 🛑 GATE: Orders service');
    expect(block).toContain('#### Question 1 · Database\nWhich database should the orders service use?');
    expect(block).toContain('#### Question 2 · Extras');
    expect(block).toContain('**Select 1–3** (numbers or labels, separated by commas):\n1. Auth\n2. Cache\n3. Queue');
    expect(block).toMatch(/Reply with 3 lines, one answer per question in order/);

    const short = await mcp.call<any>('provide_choice', { session_id: start.session_id, reply: '1\n2' });
    expect(short.status).toBe('pending');
    expect(short.protocol_block).toContain('Expected 3 answers, one per line in question order; got 2.');
    const miss = await mcp.call<any>('provide_choice', { session_id: start.session_id, reply: 'mysql\n1\norders' });
    expect(miss.protocol_block).toContain('Question 1: “mysql” did not match any option. Type a number 1–2 or an option label.');

    const result = await mcp.call<any>('provide_choice', { session_id: start.session_id, reply: 'PostgreSQL\nauth, 2\norder desk' });
    expect(result).toMatchObject({
      status: 'submitted',
      interface: 'chat',
      answers: [
        { question_index: 0, selected: [{ id: 'pg', label: 'PostgreSQL' }] },
        { question_index: 1, selected: [{ id: 'auth', label: 'Auth' }, { id: 'cache', label: 'Cache' }] },
        { question_index: 2, selected: [], free_text: 'order desk' },
      ],
    });
  });

  it('elicitation: the client form has one field per question and its answer maps to answers', async () => {
    let form: any;
    fillForm = (params) => {
      form = params;
      return { q1: 'pg', q2: ['cache'], q3: 'orders', note: 'fine' };
    };
    const result = await withForms.call<any>('provide_choice', { questions });
    expect(Object.keys(form.requestedSchema.properties)).toEqual(['q1', 'q2', 'q3', 'q3_free_text', 'note']);
    expect(form.requestedSchema.properties.q1).toMatchObject({ type: 'string', title: 'Question 1 · Database: Which database should the orders service use?', default: 'pg' });
    expect(form.requestedSchema.properties.q2).toMatchObject({ type: 'array', minItems: 1, maxItems: 3 });
    expect(form.requestedSchema.required).toEqual(['q1', 'q2']);
    expect(result).toMatchObject({
      status: 'submitted',
      interface: 'elicitation',
      global_annotation: 'fine',
      answers: [
        { question_index: 0, selected: [{ id: 'pg', label: 'PostgreSQL' }] },
        { question_index: 1, selected: [{ id: 'cache', label: 'Cache' }] },
        { question_index: 2, selected: [{ id: 'orders', label: 'orders' }] },
      ],
    });
  });
});
