import { projectName } from '../../shared/choice/gate-source.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import { t } from '../config/i18n.js';

/** Under the question's title: who is asking (agent · project, full path on hover · branch) and what it is doing. */
export function ChoiceSource({ session }: { session: ChoiceSessionView }) {
  const source = session.source;
  const context = session.request.context;
  if (!source && !context) return null;
  return (
    <p class="choice-source" data-testid="choice-source">
      {source && (
        <>
          <span>{t('source.label')}: </span>
          <strong>{source.agent ?? source.kind}</strong>
          {source.project && (
            <>
              {' · '}
              <span data-testid="choice-project" title={source.project}>{projectName(source.project)}</span>
            </>
          )}
          {source.branch && <span> @ {source.branch}</span>}
          {source.workflow && <span> · {source.workflow}{source.task ? `/${source.task}` : ''}</span>}
          {source.machine && <span data-testid="choice-machine"> · {source.machine}</span>}
        </>
      )}
      {context && source && ' — '}
      {context && <span class="choice-context" data-testid="choice-context">{context}</span>}
    </p>
  );
}
