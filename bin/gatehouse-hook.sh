# gatehouse's hook as an agent CLI runs it (the line `gatehouse hooks install` writes):
#   /bin/sh gatehouse-hook.sh <agent> <event> <wait seconds> <the Node hook's command line…>
# Every tool call waits for it, so it starts no Node when it need not: the running hub keeps its address and
# credential in <data dir>/hook.curlrc, and curl posts the CLI's hook input to the hub's /api/hooks/reply, whose
# answer is exactly what the CLI reads. Without curl, that file (no hub yet, a TLS hub, a paired machine) or an
# answer, the Node hook runs instead (it starts a hub that is not running, for the hook before every call; inside
# a task it steps aside for the task's own hook).
# A file of its own, not an inline line: Gemini CLI and Qwen Code expand $VARIABLES in their settings' strings.
agent=$1
event=$2
wait=$3
shift 3
data="${GATEHOUSE_HOME:-${XDG_DATA_HOME:-$HOME/.local/share}/gatehouse}"
input=$(cat)
# Inside a `gatehouse run` task (GATEHOUSE_TASK_ID) the Node hook decides whether this one steps aside for the task's.
if [ -z "$GATEHOUSE_HUB" ] && [ -z "$GATEHOUSE_TASK_ID" ] && [ -r "$data/hook.curlrc" ]; then
  printf '%s' "$input" | curl -sf --max-time $((wait + 15)) -K "$data/hook.curlrc" -H "x-gatehouse-hook: $agent $event $wait" --data-binary @- 2>/dev/null
  status=$?
  # 0: the answer is out; 28: the wait ran out (no output leaves the call to the CLI, as the Node hook would).
  if [ $status -eq 0 ] || [ $status -eq 28 ]; then exit 0; fi
fi
printf '%s' "$input" | NODE_EXTRA_CA_CERTS= NODE_OPTIONS= "$@"
