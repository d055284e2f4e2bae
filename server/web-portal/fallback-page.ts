import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { InteractionSummary } from '../../shared/interactions.js';
import type { PortalBoot } from './boot-data.js';
import { esc } from './html-escape.js';
import { answersSummary } from '../../shared/choice/answers-summary.js';

type T = (key: string, vars?: Record<string, string | number>) => string;

/** Minimal inline styles for the fallback (no bundle, no script: plain HTML forms). */
const FALLBACK_CSS = `:root{color-scheme:light dark;font:15px/1.5 system-ui,sans-serif}body{margin:0}.fb{display:flex;flex-wrap:wrap}
aside{width:280px;padding:12px;border-right:1px solid #8884}main{flex:1;min-width:300px;padding:16px 24px;max-width:860px}
.opt{display:block;border:1px solid #8886;border-radius:8px;padding:8px 10px;margin:6px 0}.desc{display:block;opacity:.75;font-size:14px}
.badge{font-size:12px;border:1px solid #8886;border-radius:9px;padding:0 6px;margin-right:4px}textarea,input[type=text]{width:100%;box-sizing:border-box;font:inherit}
.error{color:#c22;font-weight:600}ul{padding-left:18px}button{font:inherit;padding:6px 14px;margin-right:8px}.prompt{border-left:3px solid #36c;padding:4px 12px}`;

function listHtml(rows: InteractionSummary[], t: T): string {
  const items = rows.map((r) => `<li><a href="${esc(r.href)}">${esc(r.title)}</a><br><span class="badge">${esc(t(`common:status.${r.status}`))}</span><span class="badge">${esc(t(`common:interface.${r.interface}`))}</span>${r.questions ? `<span class="badge" data-testid="row-questions">${esc(t('list.questions', { count: r.questions }))}</span>` : ''}</li>`);
  return `<aside><h2>${esc(t('list.title'))}</h2><ul data-testid="fallback-list">${items.join('') || `<li>${esc(t('list.empty'))}</li>`}</ul></aside>`;
}

function choiceHtml(session: ChoiceSessionView, promptHtml: string, t: T, error: string | null): string {
  const r = session.request;
  const head = `<h1>${esc(r.title)}</h1><p><span class="badge">${esc(t(`common:status.${session.status}`))}</span></p>${promptHtml ? `<div class="prompt">${promptHtml}</div>` : ''}`;
  if (session.status !== 'pending') {
    const res = session.result;
    const picked = r.questions && res?.answers ? esc(answersSummary(r.questions, res.answers, t('final.nothing'))) : res?.selected.map((s) => esc(s.label)).join(', ') || esc(t('final.nothing'));
    const note = res?.global_annotation ? `<p>${esc(t('final.globalNote'))}: ${esc(res.global_annotation)}</p>` : '';
    return `${head}<p data-testid="fallback-final">${esc(t('final.heading'))}</p><p>${esc(t('final.selected'))}: ${picked}</p>${note}`;
  }
  const type = r.selection_mode === 'multi' ? 'checkbox' : 'radio';
  const draft = session.draft;
  const chosen = new Set(draft?.selected_ids ?? r.options.filter((o) => o.recommended).map((o) => o.id));
  const options = r.options
    .map(
      (o) => `<label class="opt"><input type="${type}" name="choice" value="${esc(o.id)}"${chosen.has(o.id) ? ' checked' : ''}> <b>${esc(o.label)}</b>${o.recommended ? ` <span class="badge">${esc(t('common:recommended'))}</span>` : ''}${o.description ? `<span class="desc">${esc(o.description)}</span>` : ''}<input type="text" name="note_${esc(o.id)}" aria-label="${esc(t('choice.optionNote', { label: o.label }))}" placeholder="${esc(t('choice.optionNotePlaceholder'))}" value="${esc(draft?.annotations[o.id] ?? '')}"></label>`,
    )
    .join('');
  const free = r.allow_free_text ? `<p><label>${esc(t('choice.freeText'))}<textarea name="free_text" rows="2">${esc(draft?.free_text ?? '')}</textarea></label></p>` : '';
  return `${head}${formHtml(session, r.questions ? questionsHtml(session, t) : `${options}${free}`, t, error)}`;
}

/** Several questions: one fieldset each (inputs `q<i>`, own words `free_text_<i>`), picks from the draft or the recommended ones. */
function questionsHtml(session: ChoiceSessionView, t: T): string {
  return session.request.questions!
    .map((q, i) => {
      const saved = session.draft?.answers?.[i];
      const chosen = new Set(saved ? saved.selected_ids : q.options.filter((o) => o.recommended).map((o) => o.id));
      const type = q.selection_mode === 'multi' ? 'checkbox' : 'radio';
      const options = q.options.map((o) => `<label class="opt"><input type="${type}" name="q${i}" value="${esc(o.id)}"${chosen.has(o.id) ? ' checked' : ''}> <b>${esc(o.label)}</b>${o.description ? `<span class="desc">${esc(o.description)}</span>` : ''}</label>`).join('');
      const free = q.allow_free_text ? `<label>${esc(t('choice.freeText'))}<textarea name="free_text_${i}" rows="1">${esc(saved?.free_text ?? '')}</textarea></label>` : '';
      return `<fieldset data-question="${i}"><legend>${q.header ? `<span class="badge">${esc(q.header)}</span>` : ''}<b>${esc(q.question)}</b></legend>${options}${free}</fieldset>`;
    })
    .join('');
}

function formHtml(session: ChoiceSessionView, fields: string, t: T, error: string | null): string {
  const draft = session.draft;
  return `<form method="post" action="/choice/${esc(encodeURIComponent(session.id))}/answer" data-testid="fallback-form">
${fields}<p><label>${esc(t('choice.globalNote'))}<textarea name="global_annotation" rows="2">${esc(draft?.global_annotation ?? '')}</textarea></label></p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<button type="submit" name="action" value="submit">${esc(t('common:action.submit'))}</button><button type="submit" name="action" value="cancel" formnovalidate>${esc(t('common:action.cancel'))}</button></form>`;
}

/**
 * The plain page: plain HTML — the list, and the choice as a normal form posted to /choice/:id/answer — so a person
 * can still answer when the built bundle is missing, or in a browser without scripts (sent here with `?plain`).
 */
export function fallbackPageHtml(boot: PortalBoot, t: T, promptHtml: string, error: string | null = null): string {
  const lang = boot.settings.effective_language === 'zh' ? 'zh-CN' : 'en';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="same-origin"><title>gatehouse</title><style>${FALLBACK_CSS}</style></head>
<body data-fallback="inline">${fallbackBodyHtml(boot, t, promptHtml, error)}</body></html>
`;
}

/** Said on a page opened with a gate link: it shows this gate alone, and how to open the whole portal. */
function gateLinkHintHtml(t: T): string {
  return `<p data-testid="gate-link-hint"><b>${esc(t('gateLink.title'))}</b> ${esc(t('gateLink.hint'))}</p>`;
}

/** The plain page's content. */
function fallbackBodyHtml(boot: PortalBoot, t: T, promptHtml: string, error: string | null = null): string {
  let main = `<h1>${esc(t('root.heading'))}</h1><p>${esc(t('root.hint'))}</p>`;
  if (boot.page === 'choice') main = boot.session ? choiceHtml(boot.session, promptHtml, t, error) : `<p>${esc(t('choice.notFound'))}</p>`;
  if (boot.access === 'gate') return `<div class="fb"><main>${gateLinkHintHtml(t)}${main}</main></div>`;
  return `<div class="fb">${listHtml(boot.interactions, t)}<main>${main}</main></div>`;
}

