/** 所有界面共用的词语。 */
export default {
  status: { pending: '等待中', submitted: '已提交', 'auto-submitted': '自动提交', cancelled: '已取消', timeout: '已超时' },
  interface: { web: '网页', terminal: '终端', chat: '对话', elicitation: '客户端表单', telegram: 'Telegram', ntfy: 'ntfy', cli: '命令行', agent: '智能体', pty: '终端任务' },
  action: { submit: '提交', cancel: '取消', settings: '设置', back: '返回' },
  recommended: '推荐',
  remaining: '剩余 {{time}}',
  language: { en: 'English', zh: '简体中文' },
  /** Statuses of the portal list's task and resolve rows. */
  taskStatus: { PENDING: '排队中', RUNNING: '运行中', AWAITING_INTERACTION: '等待回答', WAITING_FOR_USER: '等待你处理', DONE: '已完成', FAILED: '失败', INTERRUPTED: '已中断' },
  resolveStatus: { idle: '空闲', checking_local: '本地检查中', checking_global: '全局检查中', selection_required: '需要选择', trying_import: '尝试导入', finished: '已完成', failed: '失败' },
  /** 对话中的协议块和 MCP 客户端表单（给人看，不是给智能体）。 */
  gate: {
    heading: '### 🛑 待决：{{title}}',
    selectOne: '**请选择一项：**',
    selectRange: '**请选择 {{range}} 项**（编号或名称，用逗号分隔）：',
    howTo: '*输入编号或选项名称继续，或输入 `cancel` 取消（可写 `cancel: 原因`）。*',
    howToFree: '*输入编号、选项名称或你自己的回答继续，或输入 `cancel` 取消（可写 `cancel: 原因`）。*',
    noMatch: '“{{input}}”没有匹配任何选项。请输入编号 1–{{count}} 或选项名称。',
    empty: '回复为空。',
    tooFew: '请至少选择 {{count}} 项。',
    tooMany: '最多选择 {{count}} 项。',
    formChoice: '选择',
    formChoices: '选择（可多选）',
    formNote: '备注（可选）',
    formNoteHelp: '希望智能体了解的任何信息。',
    formFreeText: '你自己的回答（可选）',
    /** Several questions in one gate (`questions`). */
    question: '第 {{n}} 题',
    howToQuestions: '*请回复 {{count}} 行，按题目顺序每行一个回答：编号或选项名称（可多选的题用逗号分隔；允许时也可写你自己的回答）——或输入 `cancel` 取消整个问题（可写 `cancel: 原因`）。*',
    answerCount: '需要 {{expected}} 个回答（按题目顺序每行一个），收到 {{got}} 个。',
  },
};
