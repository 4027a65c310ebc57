#!/usr/bin/env bash
# A Docker engine for specgate's container tests (test/container-engine.test.ts) and for trying
# `specgate run --target-image` on a machine without one.
#
#   scripts/docker-engine.sh start    # install Debian's docker.io if dockerd is absent, start dockerd, wait until it answers
#   scripts/docker-engine.sh stop     # stop the dockerd this script started (an engine it did not start is left alone)
#   scripts/docker-engine.sh status   # does an engine answer on the socket, and with which networks
#
# The engine has no bridge network and writes no iptables rules (--bridge=none --iptables=false):
# containers that ask for the host's network share it, every connection stays on 127.0.0.1, and
# nothing on the machine's firewall or interfaces changes. specgate detects such an engine and runs
# --target-image containers with host networking (README, "Container targets").
#
# Needs root (dockerd does). Exit status: 0 when the engine answers (start, status) or is stopped
# (stop); 1 with one line on stderr saying why not.
set -euo pipefail

SOCKET=/var/run/docker.sock
STATE_DIR=${SPECGATE_DOCKERD_STATE:-/var/run/specgate-dockerd}
PID_FILE=$STATE_DIR/dockerd.pid   # written by the dockerd this script starts (--pidfile), removed when it exits
LOG_FILE=$STATE_DIR/dockerd.log
START_TIMEOUT_S=30

say() { printf 'docker-engine: %s\n' "$*"; }
fail() { printf 'docker-engine: %s\n' "$*" >&2; exit 1; }

# The engine answers its API on the socket (GET /_ping -> OK). curl is not assumed; the docker
# CLI is (it comes with docker.io), and without it nothing here could use the engine anyway.
answers() { [ -S "$SOCKET" ] && docker version --format '{{.Server.Version}}' >/dev/null 2>&1; }

our_dockerd_pid() {
  [ -f "$PID_FILE" ] || return 1
  local pid; pid=$(cat "$PID_FILE")
  kill -0 "$pid" 2>/dev/null && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = dockerd ] && echo "$pid"
}

install_engine() {
  command -v dockerd >/dev/null && command -v docker >/dev/null && return 0
  [ "$(id -u)" = 0 ] || fail "dockerd is not installed and installing it needs root (apt-get install docker.io)"
  command -v apt-get >/dev/null || fail "dockerd is not installed and there is no apt-get to install docker.io with"
  say "installing docker.io (apt-get)"
  local started=$SECONDS
  # The package's own service start is refused where there is no init system; dockerd is started below.
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends docker.io >"$STATE_DIR/apt.log" 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get update >>"$STATE_DIR/apt.log" 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends docker.io >>"$STATE_DIR/apt.log" 2>&1 \
      || fail "apt-get install docker.io failed: $(tail -n 1 "$STATE_DIR/apt.log")"
  fi
  say "docker.io installed in $((SECONDS - started)) s"
}

start() {
  mkdir -p "$STATE_DIR"
  if answers; then
    say "an engine already answers on $SOCKET ($(docker version --format '{{.Server.Version}}')); not starting another"
    return 0
  fi
  install_engine
  [ "$(id -u)" = 0 ] || fail "dockerd needs root"
  local started_ms; started_ms=$(date +%s%3N)
  # setsid: the engine outlives this shell and is not hit by a Ctrl-C meant for the tests. --wait:
  # where setsid has to fork (its caller leads a process group), it stays until dockerd exits, so
  # that the launcher's pid tells whether dockerd still runs.
  setsid --wait dockerd --bridge=none --iptables=false --ip6tables=false --host "unix://$SOCKET" \
    --pidfile "$PID_FILE" >"$LOG_FILE" 2>&1 </dev/null &
  local launcher=$!
  local deadline=$((SECONDS + START_TIMEOUT_S))
  until answers; do
    if ! kill -0 "$launcher" 2>/dev/null; then
      fail "dockerd exited at start: $(grep -m1 -E 'level=fatal|failed to start daemon' "$LOG_FILE" || tail -n 1 "$LOG_FILE") (log: $LOG_FILE)"
    fi
    if [ $SECONDS -ge $deadline ]; then
      stop >/dev/null 2>&1 || true
      kill "$launcher" 2>/dev/null || true
      fail "dockerd did not answer within ${START_TIMEOUT_S} s (log: $LOG_FILE)"
    fi
    sleep 0.2
  done
  say "dockerd $(docker version --format '{{.Server.Version}}') answers on $SOCKET (no bridge, no iptables), up in $(( $(date +%s%3N) - started_ms )) ms; log: $LOG_FILE"
}

stop() {
  local pid
  if ! pid=$(our_dockerd_pid); then
    if answers; then say "the engine on $SOCKET was not started by this script; left running"; else say "no engine running"; fi
    return 0
  fi
  kill -TERM "$pid"
  # dockerd stops its containers (10 s grace each) and its containerd before it exits.
  local deadline=$((SECONDS + 30))
  while kill -0 "$pid" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || { kill -KILL "$pid" 2>/dev/null || true; rm -f "$PID_FILE"; say "dockerd did not stop within 30 s: killed"; break; }
    sleep 0.2
  done
  say "dockerd stopped"
}

status() {
  if answers; then
    local networks; networks=$(docker network ls --format '{{.Name}}:{{.Driver}}' | tr '\n' ' ')
    say "engine $(docker version --format '{{.Server.Version}}') answers on $SOCKET; networks: ${networks% }$(our_dockerd_pid >/dev/null && echo '; started by this script')"
  else
    fail "no engine answers on $SOCKET"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) fail "usage: $0 start|stop|status" ;;
esac
