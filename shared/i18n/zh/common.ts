/** 所有界面共用的词语。 */
export default {
  status: { pending: '等待中', submitted: '已提交', 'auto-submitted': '自动提交', cancelled: '已取消', timeout: '已超时' },
  interface: { web: '网页', terminal: '终端', chat: '对话', elicitation: '客户端表单', agent: '智能体', pty: '终端任务' },
  action: { submit: '提交', cancel: '取消', settings: '设置', back: '返回' },
  recommended: '推荐',
  remaining: '剩余 {{time}}',
  language: { en: 'English', zh: '简体中文' },
};
